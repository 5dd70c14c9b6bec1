import type { AuthProblem, Identifier } from '@marketkit/hooks/core';
import type { Failure } from '../common/failure.ts';
import type { CodeChallenge } from './code-form.tsx';

/**
 * What sign-in's route action hands the page it renders again: the step reached (a code to type), the
 * problems beside their fields (as problem codes: the page words them in its language), a failure of
 * the services host, and what the shopper typed (never the password).
 */
export interface SignInActionData {
  step?: { kind: 'otp-code' | 'device'; challenge: CodeChallenge };
  problems?: Partial<Record<'username' | 'extension' | 'password' | 'otp', AuthProblem>>;
  /** A refusal of the whole form (wrong password, locked account…). */
  failure?: Failure | null;
  /** A refusal of the code typed. */
  codeFailure?: Failure | null;
  values: { username: string; extension: string; device_id?: string };
}

/** What sign-up's route action hands the page: the step reached, or the problem with what was sent. */
export interface SignUpActionData {
  step?:
    | { kind: 'code'; challenge: CodeChallenge; who: Identifier }
    | { kind: 'details'; token: string; who: Identifier };
  problems?: Partial<Record<'phone' | 'email' | 'extension' | 'otp', AuthProblem>>;
  failure?: Failure | null;
  values: { by: 'phone' | 'email'; phone: string; email: string; extension: string };
}
