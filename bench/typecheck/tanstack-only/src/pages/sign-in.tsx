import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { call, session } from '../api.ts';
import { useCart } from '../hooks.ts';

/** Password sign-in; the guest cart is moved into the shopper's server cart before going on. */
export function SignInPage() {
  const { t } = useTranslation();
  const cart = useCart();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState('');
  const [merging, setMerging] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFailure('');
    try {
      const result = await call<{ login_status: string; access_token: string }>(
        'POST',
        '/ums/rest/v3/login',
        {
          username: String(form.get('username')),
          password: String(form.get('password')),
        },
      );
      if (result.login_status !== 'SUCCESS') return setFailure(t('failed', { reason: result.login_status }));
      session.set(result.access_token);
      setMerging(true);
      await cart.merge().catch(() => undefined);
      const next = params.get('next');
      navigate(next?.startsWith('/') && !next.startsWith('//') ? next : '/', { replace: true });
    } catch (error) {
      setFailure(t('signInFailed', { reason: error instanceof Error ? error.message : String(error) }));
    }
    setMerging(false);
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="flex max-w-sm flex-col gap-3">
      <h1 className="font-bold text-2xl">{t('signIn')}</h1>
      <label>
        {t('email')} <input name="username" type="email" autoComplete="username" required />
      </label>
      <label>
        {t('password')} <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <button type="submit" disabled={merging}>
        {merging ? t('merging') : t('signIn')}
      </button>
      {failure ? <p role="alert">{failure}</p> : null}
    </form>
  );
}
