import { type SignInResult, useAuthFlows, useSession } from '@marketkit/hooks';
import {
  DEFAULT_PHONE_EXTENSION,
  type Identifier,
  newPasswordProblems,
  readIdentifier,
} from '@marketkit/hooks/core';
import { isMarketApiError } from '@marketkit/sdk';
import { Button, Input } from '@marketkit/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useActionData } from 'react-router';
import { AuthLinks } from '../account-auth/auth-links.tsx';
import { type CodeChallenge, CodeForm } from '../account-auth/code-form.tsx';
import { useFinishSignIn } from '../account-auth/finish.ts';
import { IdentifierField } from '../account-auth/identifier-field.tsx';
import { NewPasswordFields } from '../account-auth/new-password-fields.tsx';
import type { SignInActionData } from '../account-auth/sign-in-steps.ts';
import { StepButton, useOpenedStep } from '../account-auth/step-button.tsx';
import { failureMessage, failureText } from '../common/failure.ts';
import type { RouteHandle } from '../i18n/namespaces.ts';

export const handle: RouteHandle = { i18n: ['signin'] };

type Step =
  | { kind: 'password' }
  | { kind: 'otp' }
  | { kind: 'otp-code'; challenge: CodeChallenge }
  | { kind: 'device'; challenge: CodeChallenge }
  | { kind: 'forgot' }
  | { kind: 'forgot-code'; challenge: CodeChallenge }
  | { kind: 'new-password'; token: string }
  | { kind: 'unlock'; challenge: CodeChallenge | null };

/**
 * Sign-in (`/signin`, guests only): password or one-time code; a device the account does not trust is
 * confirmed with a code; a forgotten password is reset and a locked account unlocked with a code.
 * Field problems show beside their field; the server's `response_message` for everything else.
 */
export default function SignIn() {
  const { t } = useTranslation(['signin', 'common']);
  const session = useSession();
  const flows = useAuthFlows();
  const finish = useFinishSignIn();
  // What the route action answered when the browser submitted a form itself (before the code ran).
  const answered = useActionData<SignInActionData>();
  // A step opened by its button before the code ran (`?step=`, see StepButton).
  const opened = useOpenedStep(['otp', 'forgot', 'unlock'] as const);
  // An answer of the route action is the page's state (a refusal without a step is sign-in's own).
  const [step, setStep] = useState<Step>(() =>
    answered
      ? (answered.step ?? { kind: 'password' })
      : opened === 'unlock'
        ? { kind: 'unlock', challenge: null }
        : opened
          ? { kind: opened }
          : { kind: 'password' },
  );
  const [username, setUsername] = useState(answered?.values.username ?? '');
  const [extension, setExtension] = useState(answered?.values.extension || DEFAULT_PHONE_EXTENSION);
  const [problems, setProblems] = useState<{
    username?: string;
    extension?: string;
    password?: string;
    confirm?: string;
  }>(() => {
    const found = answered?.problems ?? {};
    const worded: Record<string, string> = {};
    for (const [name, problem] of Object.entries(found))
      if (name !== 'otp') worded[name] = t(`problem.${problem}`);
    return worded;
  });
  const [error, setError] = useState(() =>
    answered && 'failure' in answered ? failureText(answered.failure ?? null, t('failed'), t) : '',
  );
  const [notice, setNotice] = useState(() =>
    answered?.notice && answered.notice !== 'code_resent' ? t(answered.notice) : '',
  );
  // A locked account (423) is offered the way out, whether the page or its route action signed in.
  const [locked, setLocked] = useState(answered?.failure?.status === 423);
  const [trust, setTrust] = useState(true);
  const [busy, setBusy] = useState(false);

  const go = (next: Step) => {
    setStep(next);
    setError('');
    setProblems({});
  };
  /** The identifier typed, or null with its problem shown. */
  const identifier = (form?: HTMLFormElement): Identifier | null => {
    // The form's own fields when given: what was typed before the code ran counts.
    const fields = form ? new FormData(form) : null;
    const read = fields
      ? readIdentifier(String(fields.get('username') ?? ''), String(fields.get('extension') ?? ''))
      : readIdentifier(username, extension);
    if (read.ok) return read.value;
    // Under the field to change: the number, or its extension.
    setProblems({ [read.field === 'extension' ? 'extension' : 'username']: t(`problem.${read.problem}`) });
    return null;
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (caught) {
      // A locked account is offered the way out.
      if (isMarketApiError(caught) && caught.code === 'ACCOUNT_LOCKED') setLocked(true);
      setError(failureMessage(caught, t('failed'), t));
    } finally {
      setBusy(false);
    }
  };
  const signedIn = (result: SignInResult) => {
    if (result.status === 'signed-in') finish();
    else go({ kind: 'device', challenge: result.verification });
  };

  const submitPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const who = identifier(event.currentTarget);
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    const passwordProblem = password ? undefined : t('problem.required');
    if (!who || passwordProblem) {
      setProblems((current) => ({ ...current, password: passwordProblem }));
      return;
    }
    setProblems({});
    void run(async () =>
      signedIn(
        await session.signIn({
          username: who.identifier,
          password,
          ...(who.extension ? { extension: who.extension } : {}),
        }),
      ),
    );
  };
  const sendCode =
    (purpose: 'login' | 'forgot_password' | 'self_unlock') => (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault();
      const who = identifier(event?.currentTarget);
      if (!who) return;
      setProblems({});
      void run(async () => {
        const challenge =
          purpose === 'forgot_password'
            ? await flows.forgotPassword(who)
            : await flows.sendCode({ ...who, purpose });
        if (purpose === 'login') go({ kind: 'otp-code', challenge });
        else if (purpose === 'forgot_password') go({ kind: 'forgot-code', challenge });
        else go({ kind: 'unlock', challenge });
      });
    };
  const resetPassword = (token: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = String(form.get('new_password') ?? '');
    const confirm = String(form.get('confirm_password') ?? '');
    const found = newPasswordProblems({ next, confirm });
    if (Object.keys(found).length > 0) {
      setProblems({
        password: found.next ? t(`problem.${found.next}`) : undefined,
        confirm: found.confirm ? t(`problem.${found.confirm}`) : undefined,
      });
      return;
    }
    void run(async () => {
      await flows.resetPassword({ verification_token: token, new_password: next });
      go({ kind: 'password' });
      setNotice(t('password_reset'));
    });
  };

  // What the route action said about a code belongs to the step it answered, not to a later one.
  const fromAction = answered?.step?.kind === step.kind ? answered : undefined;
  const codeProblem = fromAction?.problems?.otp
    ? t(`problem.${fromAction.problems.otp}`)
    : fromAction && 'codeFailure' in fromAction
      ? failureText(fromAction.codeFailure ?? null, t('code_failed'), t)
      : fromAction && 'resendFailure' in fromAction
        ? failureText(fromAction.resendFailure ?? null, t('resend_failed'), t)
        : undefined;
  // The route action's new code, said as the page's own resend says it.
  const codeNotice =
    fromAction?.notice === 'code_resent' &&
    fromAction.step &&
    'challenge' in fromAction.step &&
    fromAction.step.challenge
      ? t('code_resent', { destination: fromAction.step.challenge.masked_destination })
      : undefined;
  // Who the code steps are for, carried so the password step after them starts with it filled in.
  const who = { username, extension };

  const heading: Record<Step['kind'], string> = {
    password: t('title'),
    otp: t('title'),
    'otp-code': t('title'),
    device: t('device_title'),
    forgot: t('forgot_title'),
    'forgot-code': t('forgot_title'),
    'new-password': t('forgot_title'),
    unlock: t('unlock_title'),
  };

  return (
    <div className="mx-auto flex min-h-screen max-w-sm flex-col justify-center gap-4 px-4 py-8">
      <h1 className="text-2xl font-bold">{heading[step.kind]}</h1>
      {notice ? (
        <p role="status" className="rounded-md border border-current/30 p-3 text-sm">
          {notice}
        </p>
      ) : null}
      {step.kind === 'password' || step.kind === 'otp' ? (
        <fieldset className="flex gap-2">
          <legend className="sr-only">{t('how')}</legend>
          {(['password', 'otp'] as const).map((kind) => (
            <StepButton
              key={kind}
              step={kind === 'password' ? null : kind}
              size="sm"
              variant={step.kind === kind ? 'primary' : 'secondary'}
              aria-pressed={step.kind === kind}
              onClick={() => go({ kind })}
            >
              {t(`with_${kind}`)}
            </StepButton>
          ))}
        </fieldset>
      ) : null}

      {step.kind === 'password' ? (
        <Form method="post" onSubmit={submitPassword} noValidate className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="password" />
          <IdentifierField
            value={username}
            extension={extension}
            onChange={setUsername}
            onExtensionChange={setExtension}
            error={problems.username}
            extensionError={problems.extension}
          />
          <Input
            label={t('password')}
            name="password"
            type="password"
            autoComplete="current-password"
            error={problems.password}
          />
          <Button type="submit" disabled={busy}>
            {t('submit')}
          </Button>
        </Form>
      ) : null}
      {step.kind === 'password' ? (
        // Its own form (forms do not nest): the password typed never goes into an address.
        <StepButton
          step="forgot"
          variant="ghost"
          size="sm"
          className="self-start"
          onClick={() => go({ kind: 'forgot' })}
        >
          {t('forgot')}
        </StepButton>
      ) : null}

      {step.kind === 'otp' || step.kind === 'forgot' || (step.kind === 'unlock' && !step.challenge) ? (
        <Form
          method="post"
          onSubmit={sendCode(
            step.kind === 'otp' ? 'login' : step.kind === 'forgot' ? 'forgot_password' : 'self_unlock',
          )}
          noValidate
          className="flex flex-col gap-4"
        >
          <input type="hidden" name="intent" value={step.kind === 'otp' ? 'send-code' : step.kind} />
          {step.kind === 'otp' ? null : (
            <p className="text-sm">{t(step.kind === 'forgot' ? 'forgot_hint' : 'unlock_hint')}</p>
          )}
          <IdentifierField
            value={username}
            extension={extension}
            onChange={setUsername}
            onExtensionChange={setExtension}
            error={problems.username}
            extensionError={problems.extension}
          />
          <Button type="submit" disabled={busy}>
            {t('send_code')}
          </Button>
        </Form>
      ) : null}

      {step.kind === 'otp-code' ? (
        <CodeForm
          challenge={step.challenge}
          intent="otp-code"
          problem={codeProblem}
          notice={codeNotice}
          submitLabel={t('submit')}
          onResend={() => flows.resendCode(step.challenge.otp_reference)}
          onSubmit={async (otp) =>
            signedIn(await session.signInWithOtp({ otp_reference: step.challenge.otp_reference, otp }))
          }
        />
      ) : null}

      {step.kind === 'device' ? (
        <CodeForm
          challenge={step.challenge}
          intent="device"
          fields={answered?.values.device_id ? { device_id: answered.values.device_id } : {}}
          problem={codeProblem}
          notice={codeNotice}
          submitLabel={t('confirm_device')}
          onResend={() => flows.resendDeviceCode(step.challenge.otp_reference)}
          onSubmit={async (otp) =>
            signedIn(
              await session.verifyDevice({
                otp_reference: step.challenge.otp_reference,
                otp,
                trust_device: trust,
              }),
            )
          }
        >
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              name="trust_device"
              defaultChecked={trust}
              onChange={(event) => setTrust(event.target.checked)}
            />
            {t('trust_device')}
          </label>
        </CodeForm>
      ) : null}

      {step.kind === 'forgot-code' ? (
        <CodeForm
          challenge={step.challenge}
          intent="forgot-code"
          fields={who}
          problem={codeProblem}
          notice={codeNotice}
          submitLabel={t('continue')}
          onResend={() => flows.resendCode(step.challenge.otp_reference)}
          onSubmit={async (otp) => {
            const checked = await flows.checkCode({ otp_reference: step.challenge.otp_reference, otp });
            go({ kind: 'new-password', token: checked.verification_token });
          }}
        />
      ) : null}

      {step.kind === 'new-password' ? (
        <Form method="post" onSubmit={resetPassword(step.token)} noValidate className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="new-password" />
          <input type="hidden" name="verification_token" value={step.token} />
          <input type="hidden" name="username" value={username} />
          <input type="hidden" name="extension" value={extension} />
          <NewPasswordFields
            label={t('new_password')}
            hint={t('password_rule')}
            names={['new_password', 'confirm_password']}
            problems={problems}
          />
          <Button type="submit" disabled={busy}>
            {t('save_password')}
          </Button>
        </Form>
      ) : null}

      {step.kind === 'unlock' ? (
        step.challenge ? (
          <CodeForm
            challenge={step.challenge}
            intent="unlock-code"
            fields={who}
            problem={codeProblem}
            notice={codeNotice}
            submitLabel={t('unlock')}
            onResend={() => flows.resendCode((step.challenge as CodeChallenge).otp_reference)}
            onSubmit={async (otp) => {
              const checked = await flows.checkCode({
                otp_reference: (step.challenge as CodeChallenge).otp_reference,
                otp,
              });
              await flows.unlock(checked.verification_token);
              setLocked(false);
              go({ kind: 'password' });
              setNotice(t('unlocked'));
            }}
          />
        ) : null
      ) : null}

      {error ? (
        <div role="alert" className="flex flex-col gap-2 text-sm text-red-700">
          <p>{error}</p>
          {locked && step.kind !== 'unlock' ? (
            <StepButton
              step="unlock"
              variant="secondary"
              size="sm"
              className="self-start"
              onClick={() => go({ kind: 'unlock', challenge: null })}
            >
              {t('unlock_account')}
            </StepButton>
          ) : null}
        </div>
      ) : null}
      <AuthLinks
        back={
          step.kind === 'password'
            ? null
            : { label: t('back_to_sign_in'), onClick: () => go({ kind: 'password' }) }
        }
        other={{ question: t('no_account'), label: t('sign_up'), href: '/signup' }}
      />
    </div>
  );
}
