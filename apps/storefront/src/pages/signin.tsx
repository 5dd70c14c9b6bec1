import { useSession } from '@marketkit/hooks';
import { returnPathOrHome } from '@marketkit/hooks/core';
import { Button, Input } from '@marketkit/ui';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { useNavigate } from '../app/router.tsx';
import { RETURN_TO_KEY } from '../app/routes.ts';
import { failureMessage } from '../catalogue/failure.ts';
import { useT } from '../i18n/react.tsx';

/** Password sign-in (OTP sign-in, device verification and recovery arrive with the accounts issue). */
export default function SignIn() {
  const { t } = useT('signin');
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get('username') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!username || password.length < 8) {
      setError(t('invalid_form'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const result = await session.signIn({ username, password });
      if (result.login_status !== 'SUCCESS') {
        setError(t('device_verification'));
        return;
      }
      // The remembered page (or ?redirect=), checked again now: anything not on this site goes to /.
      let remembered: string | null = params.get('redirect');
      try {
        remembered ??= sessionStorage.getItem(RETURN_TO_KEY);
        sessionStorage.removeItem(RETURN_TO_KEY);
      } catch {
        remembered = null;
      }
      navigate(returnPathOrHome(remembered, location.origin), { replace: true });
    } catch (caught) {
      setError(failureMessage(caught, t('failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mx-auto flex min-h-screen max-w-sm flex-col justify-center gap-4 px-4">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Input label={t('username')} name="username" autoComplete="username" noSpaces required />
        <Input
          label={t('password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={busy}>
          {t('submit')}
        </Button>
      </form>
      <Link href="/" className="text-sm underline underline-offset-4">
        {t('continue_shopping')}
      </Link>
    </div>
  );
}
