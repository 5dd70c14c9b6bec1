import { otpProblem } from '@marketkit/hooks/core';
import { Button, Input } from '@marketkit/ui';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { failureMessage } from '../common/failure.ts';
import { useHydrated } from '../shell/guards.tsx';
import { useCountdown } from './use-countdown.ts';

export interface CodeChallenge {
  otp_reference: string;
  masked_destination: string;
  resend_after?: number | undefined;
}

/**
 * A one-time code step: where the code went, a 6-digit field, and "Send a new code" once the server's
 * wait is over (a countdown until then). A wrong code keeps what was typed and says why.
 * Before the app's code runs both buttons submit to the route action: the code with the step's
 * `intent`, a new code with `intent=resend` (the step named in `step`); the services host keeps the
 * wait between codes there, and its refusal is shown.
 */
export function CodeForm({
  challenge,
  intent,
  fields = {},
  problem: given,
  notice: givenNotice = '',
  submitLabel,
  onSubmit,
  onResend,
  children,
}: {
  challenge: CodeChallenge;
  /** The step's name for the route action that takes the form when the browser submits it itself. */
  intent: string;
  /** More hidden fields that action needs (e.g. this device's id). */
  fields?: Record<string, string>;
  /** A problem with the code or its resend, already worded (from the route action). */
  problem?: string | undefined;
  /** What the route action did, already worded (a new code sent). */
  notice?: string | undefined;
  submitLabel: string;
  onSubmit: (code: string) => Promise<unknown>;
  onResend: () => Promise<CodeChallenge>;
  /** Extra fields (e.g. "trust this device"). */
  children?: ReactNode;
}) {
  const { t } = useTranslation(['signin', 'common']);
  const [current, setCurrent] = useState(challenge);
  const [sentAt, setSentAt] = useState(() => Date.now());
  const left = useCountdown(sentAt, current.resend_after ?? 30);
  const [problem, setProblem] = useState<string | undefined>(given);
  const [notice, setNotice] = useState(givenNotice);
  const hydrated = useHydrated();
  const otp = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read from the form: a code typed before the app's code ran counts.
    const code = String(new FormData(event.currentTarget).get('otp') ?? '');
    const found = otpProblem(code);
    if (found) {
      setProblem(t(`problem.${found}`));
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      await onSubmit(code.trim());
    } catch (error) {
      setProblem(failureMessage(error, t('code_failed'), t));
    } finally {
      setBusy(false);
    }
  };
  const resend = async () => {
    setBusy(true);
    try {
      const next = await onResend();
      setCurrent(next);
      setSentAt(Date.now());
      otp.current?.form?.reset();
      setProblem(undefined);
      setNotice(t('code_resent', { destination: next.masked_destination }));
    } catch (error) {
      setProblem(failureMessage(error, t('resend_failed'), t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form method="post" onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <input type="hidden" name="step" value={intent} />
      <input type="hidden" name="otp_reference" value={current.otp_reference} />
      <input type="hidden" name="masked_destination" value={current.masked_destination} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p>{t('code_sent', { destination: current.masked_destination })}</p>
      <Input
        label={t('code')}
        name="otp"
        autoComplete="one-time-code"
        inputMode="numeric"
        numericOnly
        maxLength={6}
        ref={otp}
        error={problem}
      />
      {children}
      <Button type="submit" name="intent" value={intent} disabled={busy}>
        {submitLabel}
      </Button>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Button
          type="submit"
          name="intent"
          value="resend"
          variant="ghost"
          size="sm"
          // Before the code runs nothing counts down: the services host refuses a resend too early.
          disabled={busy || (hydrated && left > 0)}
          onClick={(event) => {
            event.preventDefault();
            void resend();
          }}
        >
          {t('resend')}
        </Button>
        {left > 0 ? <span>{t('resend_in', { count: left })}</span> : null}
        <span aria-live="polite">{notice}</span>
      </div>
    </Form>
  );
}
