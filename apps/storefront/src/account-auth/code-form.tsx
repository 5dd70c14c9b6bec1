import { otpProblem } from '@marketkit/hooks/core';
import { Button, Input } from '@marketkit/ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../catalogue/failure.ts';
import { useCountdown } from './use-countdown.ts';

export interface CodeChallenge {
  otp_reference: string;
  masked_destination: string;
  resend_after?: number | undefined;
}

/**
 * A one-time code step: where the code went, a 6-digit field, and "Send a new code" once the server's
 * wait is over (a countdown until then). A wrong code keeps what was typed and says why.
 */
export function CodeForm({
  challenge,
  submitLabel,
  onSubmit,
  onResend,
  children,
}: {
  challenge: CodeChallenge;
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
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
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
      setCode('');
      setProblem(undefined);
      setNotice(t('code_resent', { destination: next.masked_destination }));
    } catch (error) {
      setProblem(failureMessage(error, t('resend_failed'), t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <p>{t('code_sent', { destination: current.masked_destination })}</p>
      <Input
        label={t('code')}
        name="otp"
        autoComplete="one-time-code"
        inputMode="numeric"
        numericOnly
        maxLength={6}
        value={code}
        error={problem}
        onChange={(event) => setCode(event.target.value)}
      />
      {children}
      <Button type="submit" disabled={busy}>
        {submitLabel}
      </Button>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={busy || left > 0}
          onClick={() => void resend()}
        >
          {t('resend')}
        </Button>
        {left > 0 ? <span>{t('resend_in', { count: left })}</span> : null}
        <span aria-live="polite">{notice}</span>
      </div>
    </form>
  );
}
