import { type Identifier, otpProblem, readIdentifier } from '@marketkit/hooks/core';
import { unwrap } from '@marketkit/sdk';
import { type ActionFunctionArgs, data } from 'react-router';
import { field } from '../account-auth/session.server.ts';
import type { SignUpActionData } from '../account-auth/sign-in-steps.ts';
import { failureOf } from '../common/failure.ts';
import { requestScope } from '../server/request.server.ts';

/**
 * Sign-up's route action, for the forms the browser submits itself (before the app's code runs, or
 * without it): the e-mail or phone number gets a code, and the code typed is checked; the page then
 * shows the next step. Each step's data travels in the form, so nothing is kept between requests.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { client } = requestScope(request, context);
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
  try {
    switch (field(form, 'intent')) {
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
      case 'signup-code': {
        const who: Identifier = {
          identifier: field(form, 'identifier'),
          identifier_type: field(form, 'identifier_type') === 'email' ? 'email' : 'phone',
          ...(field(form, 'who_extension') ? { extension: field(form, 'who_extension') } : {}),
        };
        const challenge = {
          otp_reference: field(form, 'otp_reference'),
          masked_destination: field(form, 'masked_destination'),
        };
        const otp = field(form, 'otp').trim();
        const problem = otpProblem(otp);
        if (problem)
          return answer({ step: { kind: 'code', challenge, who }, problems: { otp: problem } }, 400);
        try {
          const checked = await unwrap(
            client.POST('/ums/rest/v3/otp/validate', {
              body: { otp_reference: challenge.otp_reference, otp },
            }),
          );
          return answer({ step: { kind: 'details', token: checked.verification_token, who } });
        } catch (error) {
          return answer({ step: { kind: 'code', challenge, who }, failure: failureOf(error) }, 400);
        }
      }
      default:
        return answer({ failure: null }, 400);
    }
  } catch (error) {
    return answer({ failure: failureOf(error) }, 400);
  }
}
