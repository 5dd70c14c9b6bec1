import { otpProblem, readIdentifier } from '@marketkit/hooks/core';
import { type ResponseBody, unwrap } from '@marketkit/sdk';
import { type ActionFunctionArgs, data, redirect } from 'react-router';
import { deviceOf, field, sessionCookies, signedInRedirect } from '../account-auth/session.server.ts';
import type { SignInActionData } from '../account-auth/sign-in-steps.ts';
import { failureOf } from '../common/failure.ts';
import { requestScope } from '../server/request.server.ts';

/**
 * Sign-in's route action: the forms of `/signin` when the browser submits them itself (before the
 * app's code runs, or without it). It calls the services host from the server, sets the session's
 * cookies exactly as the browser's token store would, and ends on the return path; a refusal renders
 * the page again with the problem (and sets nothing). Sign-out (`intent=sign-out`) ends on `/`.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const scope = requestScope(request, context);
  const form = await request.formData();
  const intent = field(form, 'intent');
  const cookies = sessionCookies(request);
  const { client } = scope;
  const username = field(form, 'username');
  const extension = field(form, 'extension');
  const device = deviceOf(request, form);
  const echo = { username, extension, device_id: device.device_id };
  /** The page again, with what went wrong (status 400: nothing was done). */
  const refused = (answer: Omit<SignInActionData, 'values'>) =>
    data<SignInActionData>({ ...answer, values: echo }, { status: 400 });
  /** A sign-in answer: signed in (cookies, return path) or this device to confirm with a code. */
  const accept = (result: ResponseBody<'login'>) => {
    if (result.login_status === 'SUCCESS') {
      cookies.signIn(result);
      return signedInRedirect(request, cookies);
    }
    return data<SignInActionData>({ step: { kind: 'device', challenge: result }, values: echo });
  };

  try {
    if (intent === 'sign-out') {
      const idToken = cookies.tokens.get()?.idToken;
      // The session ends here whatever the services host answers (spec: cleared on success or error).
      if (idToken)
        await client
          .POST('/ums/rest/v3/session-logout', { body: { id_token_hint: idToken } })
          .catch(() => undefined);
      cookies.tokens.clear();
      return redirect('/', { headers: cookies.headers() });
    }
    if (intent === 'password' || intent === 'send-code') {
      const who = readIdentifier(username, extension || undefined);
      const password = field(form, 'password');
      const problems: SignInActionData['problems'] = {};
      if (!who.ok) problems[who.field === 'extension' ? 'extension' : 'username'] = who.problem;
      if (intent === 'password' && !password) problems.password = 'required';
      if (!who.ok || Object.keys(problems).length > 0) return refused({ problems });
      if (intent === 'send-code') {
        const challenge = await unwrap(
          client.POST('/ums/rest/v3/otp/generate', { body: { ...who.value, purpose: 'login' } }),
        );
        return data<SignInActionData>({ step: { kind: 'otp-code', challenge }, values: echo });
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
    if (intent === 'otp-code' || intent === 'device') {
      const otp = field(form, 'otp').trim();
      const challenge = {
        otp_reference: field(form, 'otp_reference'),
        masked_destination: field(form, 'masked_destination'),
      };
      const step = { kind: intent, challenge } as const;
      const problem = otpProblem(otp);
      if (problem) return refused({ step, problems: { otp: problem } });
      try {
        if (intent === 'otp-code')
          return accept(
            await unwrap(
              client.POST('/ums/rest/v3/login-otp', {
                body: { ...device, otp_reference: challenge.otp_reference, otp },
              }),
            ),
          );
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
      } catch (error) {
        // A wrong code keeps the shopper on the code step, with why beside the field.
        return refused({ step, codeFailure: failureOf(error) });
      }
    }
    return refused({ failure: null });
  } catch (error) {
    return refused({ failure: failureOf(error) });
  }
}
