import { newPasswordProblems, otpProblem, readIdentifier } from '@marketkit/hooks/core';
import { type ResponseBody, unwrap } from '@marketkit/sdk';
import { type ActionFunctionArgs, data, redirect } from 'react-router';
import { deviceOf, field, sessionCookies, signedInRedirect } from '../account-auth/session.server.ts';
import type { SignInActionData, SignInActionStep } from '../account-auth/sign-in-steps.ts';
import { readChallenge, readResendStep, readToken, STEP_INVALID } from '../account-auth/step-fields.ts';
import { failureOf } from '../common/failure.ts';
import { requestScope } from '../server/request.server.ts';

/**
 * Sign-in's route action: the forms of `/signin` when the browser submits them itself (before the
 * app's code runs, or without it). It calls the services host from the server, sets the session's
 * cookies exactly as the browser's token store would, and ends on the return path; a refusal renders
 * the page again with the problem (and sets nothing). Sign-out (`intent=sign-out`) ends on `/`.
 * A forgotten password (code, then a new password) and a locked account (code, then unlocked) end on
 * the password step with a notice, as the page's own flow does. Each step's state travels in the form.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const scope = requestScope(request, context);
  const form = await request.formData();
  // A code form sent without its button (Enter in some browsers, `form.submit()`) names its step only.
  const intent = field(form, 'intent') || field(form, 'step');
  const cookies = sessionCookies(request, { httpOnly: scope.server.httpOnlyTokens });
  const { client } = scope;
  const username = field(form, 'username');
  const extension = field(form, 'extension');
  const device = deviceOf(request, form);
  const echo = { username, extension, device_id: device.device_id };
  /** The page at a step, with what was done or what went wrong (status 400: nothing was done). */
  const answer = (body: Omit<SignInActionData, 'values'>, status = 200) =>
    data<SignInActionData>({ ...body, values: echo }, { status });
  const refused = (body: Omit<SignInActionData, 'values'>) => answer(body, 400);
  /** A sign-in answer: signed in (cookies, return path) or this device to confirm with a code. */
  const accept = (result: ResponseBody<'login'>) => {
    if (result.login_status === 'SUCCESS') {
      cookies.signIn(result);
      return signedInRedirect(request, cookies);
    }
    return answer({ step: { kind: 'device', challenge: result } });
  };
  /** The code typed on a code step, or the page again with its problem. */
  const codeOf = (step: SignInActionStep) => {
    const otp = field(form, 'otp').trim();
    const problem = otpProblem(otp);
    return problem ? { refusal: refused({ step, problems: { otp: problem } }) } : { otp };
  };

  try {
    if (intent === 'sign-out') {
      const idToken = cookies.idToken();
      // The session ends here whatever the services host answers (spec: cleared on success or error).
      if (idToken)
        await client
          .POST('/ums/rest/v3/session-logout', { body: { id_token_hint: idToken } })
          .catch(() => undefined);
      cookies.signOut();
      return redirect('/', { headers: cookies.headers() });
    }
    if (intent === 'password' || intent === 'send-code' || intent === 'forgot' || intent === 'unlock') {
      const who = readIdentifier(username, extension || undefined);
      const password = field(form, 'password');
      const problems: SignInActionData['problems'] = {};
      if (!who.ok) problems[who.field === 'extension' ? 'extension' : 'username'] = who.problem;
      if (intent === 'password' && !password) problems.password = 'required';
      // Without a valid identifier the shopper stays on the step that asked for it.
      const here: SignInActionStep =
        intent === 'send-code'
          ? { kind: 'otp' }
          : intent === 'forgot'
            ? { kind: 'forgot' }
            : intent === 'unlock'
              ? { kind: 'unlock', challenge: null }
              : { kind: 'password' };
      if (!who.ok || Object.keys(problems).length > 0) return refused({ step: here, problems });
      try {
        if (intent === 'send-code') {
          const challenge = await unwrap(
            client.POST('/ums/rest/v3/otp/generate', { body: { ...who.value, purpose: 'login' } }),
          );
          return answer({ step: { kind: 'otp-code', challenge } });
        }
        if (intent === 'forgot') {
          const challenge = await unwrap(client.POST('/ums/rest/v3/forgot-password', { body: who.value }));
          return answer({ step: { kind: 'forgot-code', challenge } });
        }
        if (intent === 'unlock') {
          const challenge = await unwrap(
            client.POST('/ums/rest/v3/otp/generate', { body: { ...who.value, purpose: 'self_unlock' } }),
          );
          return answer({ step: { kind: 'unlock', challenge } });
        }
      } catch (error) {
        return refused({ step: here, failure: failureOf(error) });
      }
      return accept(
        await unwrap(
          client.POST('/ums/rest/v3/login', {
            body: {
              ...device,
              username: who.value.identifier,
              password,
              ...(who.value.extension ? { extension: who.value.extension } : {}),
            },
          }),
        ),
      );
    }
    if (intent === 'resend') {
      const from = readResendStep(form);
      const challenge = readChallenge(form);
      if (!from || from === 'signup-code' || !challenge) return refused({ failure: STEP_INVALID });
      const step: SignInActionStep =
        from === 'unlock-code' ? { kind: 'unlock', challenge } : { kind: from, challenge };
      try {
        // The services host keeps the wait between codes: a resend too early is its refusal, shown.
        const next = await unwrap(
          from === 'device'
            ? client.POST('/ums/rest/v3/device-otp', { body: { otp_reference: challenge.otp_reference } })
            : client.POST('/ums/rest/v3/otp/regenerate', {
                body: { otp_reference: challenge.otp_reference },
              }),
        );
        return answer({
          step:
            from === 'unlock-code' ? { kind: 'unlock', challenge: next } : { kind: from, challenge: next },
          notice: 'code_resent',
        });
      } catch (error) {
        return refused({ step, resendFailure: failureOf(error) });
      }
    }
    if (
      intent === 'otp-code' ||
      intent === 'device' ||
      intent === 'forgot-code' ||
      intent === 'unlock-code'
    ) {
      const challenge = readChallenge(form);
      if (!challenge) return refused({ failure: STEP_INVALID });
      const step: SignInActionStep =
        intent === 'unlock-code' ? { kind: 'unlock', challenge } : { kind: intent, challenge };
      const code = codeOf(step);
      if (code.refusal) return code.refusal;
      const { otp } = code;
      try {
        if (intent === 'otp-code')
          return accept(
            await unwrap(
              client.POST('/ums/rest/v3/login-otp', {
                body: { ...device, otp_reference: challenge.otp_reference, otp },
              }),
            ),
          );
        if (intent === 'device')
          return accept(
            await unwrap(
              client.POST('/ums/rest/v3/device-otp/validate', {
                body: {
                  ...device,
                  otp_reference: challenge.otp_reference,
                  otp,
                  trust_device: form.get('trust_device') === 'on',
                },
              }),
            ),
          );
        const checked = await unwrap(
          client.POST('/ums/rest/v3/otp/validate', {
            body: { otp_reference: challenge.otp_reference, otp },
          }),
        );
        if (intent === 'forgot-code')
          return answer({ step: { kind: 'new-password', token: checked.verification_token } });
        await unwrap(
          client.POST('/ums/rest/v3/self-unlock', {
            body: { verification_token: checked.verification_token },
          }),
        );
        return answer({ step: { kind: 'password' }, notice: 'unlocked' });
      } catch (error) {
        // A wrong code keeps the shopper on the code step, with why beside the field.
        return refused({ step, codeFailure: failureOf(error) });
      }
    }
    if (intent === 'new-password') {
      const token = readToken(form);
      if (!token) return refused({ step: { kind: 'forgot' }, failure: STEP_INVALID });
      const step: SignInActionStep = { kind: 'new-password', token };
      const found = newPasswordProblems({
        next: field(form, 'new_password'),
        confirm: field(form, 'confirm_password'),
      });
      if (found.next || found.confirm)
        return refused({
          step,
          problems: {
            ...(found.next ? { password: found.next } : {}),
            ...(found.confirm ? { confirm: found.confirm } : {}),
          },
        });
      try {
        await unwrap(
          client.POST('/ums/rest/v3/reset-password', {
            body: { verification_token: token, new_password: field(form, 'new_password') },
          }),
        );
      } catch (error) {
        return refused({ step, failure: failureOf(error) });
      }
      return answer({ step: { kind: 'password' }, notice: 'password_reset' });
    }
    return refused({ failure: null });
  } catch (error) {
    return refused({ failure: failureOf(error) });
  }
}
