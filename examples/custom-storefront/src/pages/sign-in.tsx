import { useGuestCartMerge, useSession } from '@marketkit/hooks';
import { safeReturnPath } from '@marketkit/hooks/core';
import { Button, Input } from '@marketkit/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useFailureText } from '../failure.ts';

/** Password sign-in; waits for the provider's guest-cart merge (run once for the app) before going on. */
export function SignInPage() {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const session = useSession();
  const merge = useGuestCartMerge();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState('');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFailure('');
    try {
      const result = await session.signIn({
        username: String(form.get('username')),
        password: String(form.get('password')),
      });
      if (result.status !== 'signed-in') return setFailure(t('failed', { reason: result.status }));
      // The provider moves the guest cart into the shopper's server cart on its own; waiting for it
      // here means the next page shows the merged cart. A refused line stays in the cart with its code.
      await merge.merge().catch(() => undefined);
      navigate(safeReturnPath(params.get('next'), location.origin) ?? '/', { replace: true });
    } catch (error) {
      setFailure(t('signInFailed', { reason: failureText(error) }));
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="flex max-w-sm flex-col gap-3">
      <h1 className="font-bold text-2xl">{t('signIn')}</h1>
      <Input label={t('email')} name="username" type="email" autoComplete="username" required />
      <Input label={t('password')} name="password" type="password" autoComplete="current-password" required />
      <Button type="submit" disabled={merge.status === 'merging'}>
        {merge.status === 'merging' ? t('merging') : t('signIn')}
      </Button>
      {failure ? <p role="alert">{failure}</p> : null}
    </form>
  );
}
