import type { AuthProblem, Identifier } from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import type { Failure } from '../common/failure.ts';
import type { CodeChallenge } from './code-form.tsx';

/** A sign-in step the route action can hand back (the page's own steps, as plain data). */
export type SignInActionStep =
  | { kind: 'password' }
  | { kind: 'otp' }
  | { kind: 'otp-code' | 'device' | 'forgot-code'; challenge: CodeChallenge }
  | { kind: 'forgot' }
  | { kind: 'new-password'; token: string }
  | { kind: 'unlock'; challenge: CodeChallenge | null };

/**
 * What sign-in's route action hands the page it renders again: the step reached (a code to type), the
 * problems beside their fields (as problem codes: the page words them in its language), a failure of
 * the services host, and what the shopper typed (never the password).
 */
export interface SignInActionData {
  step?: SignInActionStep;
  problems?: Partial<Record<'username' | 'extension' | 'password' | 'confirm' | 'otp', AuthProblem>>;
  /** A refusal of the whole form (wrong password, locked account…). */
  failure?: Failure | null;
  /** A refusal of the code typed. */
  codeFailure?: Failure | null;
  /** A refusal to send a new code (the services host's wait is not over…). */
  resendFailure?: Failure | null;
  /** What was done, for the page to say: a new code sent, the password changed, the account unlocked. */
  notice?: 'code_resent' | 'password_reset' | 'unlocked';
  values: { username: string; extension: string; device_id?: string };
}

/** What the sign-up details step shows: the store's consents and whether reCAPTCHA is required. */
export interface SignUpRequirements {
  consents: Schema<'Consent'>[];
  recaptcha: Schema<'RecaptchaConfiguration'> | null;
}

/** What sign-up's route action hands the page: the step reached, or the problem with what was sent. */
export interface SignUpActionData {
  step?:
    | { kind: 'code'; challenge: CodeChallenge; who: Identifier }
    | {
        kind: 'details';
        token: string;
        who: Identifier;
        /** Null when the services host could not give them (the page asks again). */
        requirements: SignUpRequirements | null;
      };
  problems?: Partial<
    Record<
      | 'phone'
      | 'email'
      | 'extension'
      | 'otp'
      | 'first_name'
      | 'last_name'
      | 'other'
      | 'password'
      | 'confirm'
      | 'consents',
      AuthProblem
    >
  >;
  failure?: Failure | null;
  /** A refusal to send a new code. */
  resendFailure?: Failure | null;
  /** The details typed and the consents ticked (the details step sent again keeps them; no password). */
  typed?: { first_name: string; last_name: string; other: string };
  accepted?: number[];
  notice?: 'code_resent';
  /** The store requires reCAPTCHA, which only the page's code can answer: the step waits for it. */
  needsCode?: true;
  values: { by: 'phone' | 'email'; phone: string; email: string; extension: string };
}
