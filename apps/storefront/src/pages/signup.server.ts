import {
  consentDecisions,
  DEFAULT_PHONE_EXTENSION,
  type Identifier,
  missingConsents,
  nameProblem,
  newPasswordProblems,
  otpProblem,
  readIdentifier,
} from '@marketkit/hooks/core';
import { type MarketClient, unwrap } from '@marketkit/sdk';
import { type ActionFunctionArgs, data } from 'react-router';
import { field, sessionCookies, signedInRedirect } from '../account-auth/session.server.ts';
import type { SignUpActionData, SignUpRequirements } from '../account-auth/sign-in-steps.ts';
import {
  readChallenge,
  readResendStep,
  readToken,
  readWho,
  STEP_INVALID,
} from '../account-auth/step-fields.ts';
import { failureOf } from '../common/failure.ts';
import { requestScope } from '../server/request.server.ts';

/** The store's consents and reCAPTCHA setting, asked for each time (never taken from the form). */
async function requirementsOf(client: MarketClient): Promise<SignUpRequirements> {
  const [consents, recaptcha] = await Promise.all([
    unwrap(client.GET('/ums/rest/v3/consents', {})),
    unwrap(client.GET('/ums/rest/v3/recaptcha-configuration', {})),
  ]);
  return { consents: consents.data, recaptcha };
}

/**
 * Sign-up's route action, for the forms the browser submits itself (before the app's code runs, or
 * without it): the e-mail or phone number gets a code, the code typed is checked (a new one sent on
 * request), and the details create the account and sign the shopper in (the session's cookies, then
 * the return path). Each step's state travels in the form and is checked again on every request.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const scope = requestScope(request, context);
  const { client } = scope;
  const form = await request.formData();
  const by = field(form, 'by') === 'email' ? 'email' : 'phone';
  const values = {
    by,
    phone: field(form, 'phone'),
    email: field(form, 'email'),
    extension: field(form, 'extension'),
  } as const;
  const answer = (body: Omit<SignUpActionData, 'values'>, status = 200) =>
    data<SignUpActionData>({ ...body, values }, { status });
  /** The details step (its requirements asked for again; null when they could not be loaded). */
  const details = async (token: string, who: Identifier) => ({
    kind: 'details' as const,
    token,
    who,
    requirements: await requirementsOf(client).catch(() => null),
  });
  // A code form sent without its button names its step only.
  const intent = field(form, 'intent') || field(form, 'step');
  try {
    switch (intent) {
      case 'signup-send-code': {
        const read = readIdentifier(values[by], values.extension || undefined);
        if (!read.ok || read.value.identifier_type !== by)
          return answer(
            {
              problems: {
                [!read.ok && read.field === 'extension' ? 'extension' : by]: read.ok ? by : read.problem,
              },
            },
            400,
          );
        const challenge = await unwrap(
          client.POST('/ums/rest/v3/otp/generate', { body: { ...read.value, purpose: 'signup' } }),
        );
        return answer({ step: { kind: 'code', challenge, who: read.value } });
      }
      case 'signup-code':
      case 'resend': {
        const who = readWho(form);
        const challenge = readChallenge(form);
        if (!who || !challenge || (intent === 'resend' && readResendStep(form) !== 'signup-code'))
          return answer({ failure: STEP_INVALID }, 400);
        const step = { kind: 'code', challenge, who } as const;
        if (intent === 'resend') {
          try {
            // The services host keeps the wait between codes: a resend too early is its refusal, shown.
            const next = await unwrap(
              client.POST('/ums/rest/v3/otp/regenerate', {
                body: { otp_reference: challenge.otp_reference },
              }),
            );
            return answer({ step: { ...step, challenge: next }, notice: 'code_resent' });
          } catch (error) {
            return answer({ step, resendFailure: failureOf(error) }, 400);
          }
        }
        const otp = field(form, 'otp').trim();
        const problem = otpProblem(otp);
        if (problem) return answer({ step, problems: { otp: problem } }, 400);
        try {
          const checked = await unwrap(
            client.POST('/ums/rest/v3/otp/validate', {
              body: { otp_reference: challenge.otp_reference, otp },
            }),
          );
          return answer({ step: await details(checked.verification_token, who) });
        } catch (error) {
          return answer({ step, failure: failureOf(error) }, 400);
        }
      }
      case 'signup-details':
        return await createAccount();
      default:
        return answer({ failure: null }, 400);
    }
  } catch (error) {
    return answer({ failure: failureOf(error) }, 400);
  }

  /** The details step: checked as the page checks it, then the account is created and signed in. */
  async function createAccount() {
    const who = readWho(form);
    const token = readToken(form);
    if (!who || !token) return answer({ failure: STEP_INVALID }, 400);
    const step = await details(token, who);
    const typed = {
      first_name: field(form, 'first_name').trim(),
      last_name: field(form, 'last_name').trim(),
      other: field(form, 'other').trim(),
    };
    const accepted = new Set(
      form
        .getAll('consent')
        .map(Number)
        .filter((id) => Number.isInteger(id)),
    );
    const again = (body: Omit<SignUpActionData, 'values' | 'step' | 'typed' | 'accepted'>) =>
      answer({ ...body, step, typed, accepted: [...accepted] }, 400);
    if (!step.requirements) return again({ failure: null });
    // reCAPTCHA is answered by the page's code only: the step says so rather than fail at the host.
    if (step.requirements.recaptcha?.enabled && step.requirements.recaptcha.site_key)
      return again({ needsCode: true });
    const problems: SignUpActionData['problems'] = {};
    const first = nameProblem(typed.first_name);
    if (first) problems.first_name = first;
    const last = nameProblem(typed.last_name);
    if (last) problems.last_name = last;
    // The other identifier is optional; when given it must be the other kind, and valid.
    const extension = who.extension ?? DEFAULT_PHONE_EXTENSION;
    const otherType = who.identifier_type === 'phone' ? 'email' : 'phone';
    const other = typed.other ? readIdentifier(typed.other, extension) : null;
    if (other && (!other.ok || other.value.identifier_type !== otherType)) problems.other = otherType;
    // A password is optional: without one the account signs in with codes.
    const password = field(form, 'password');
    const confirm = field(form, 'confirm');
    if (password || confirm) {
      const found = newPasswordProblems({ next: password, confirm });
      if (found.next) problems.password = found.next;
      if (found.confirm) problems.confirm = found.confirm;
    }
    if (missingConsents(step.requirements.consents, accepted).length > 0) problems.consents = 'consent';
    if (Object.keys(problems).length > 0) return again({ problems });
    const otherValue = other?.ok ? other.value.identifier : undefined;
    const email = who.identifier_type === 'email' ? who.identifier : otherValue;
    const phone = who.identifier_type === 'phone' ? who.identifier : otherValue;
    try {
      const result = await unwrap(
        client.POST('/ums/rest/v3/signup', {
          body: {
            verification_token: token,
            first_name: typed.first_name,
            last_name: typed.last_name,
            ...(email ? { email } : {}),
            ...(phone ? { phone, extension } : {}),
            ...(password ? { password } : {}),
            consents: consentDecisions(step.requirements.consents, accepted),
          },
        }),
      );
      if (result.login_status !== 'SUCCESS') return again({ failure: null });
      const cookies = sessionCookies(request, { httpOnly: scope.server.httpOnlyTokens });
      cookies.signIn(result);
      return signedInRedirect(request, cookies);
    } catch (error) {
      return again({ failure: failureOf(error) });
    }
  }
}
