import { Button } from '@marketkit/ui';
import { Link } from 'wouter';
import { useT } from '../i18n/react.tsx';

/** The ways out of sign-in and sign-up: back to the first step, the other form, and the shop. */
export function AuthLinks({
  back,
  other,
}: {
  /** Shown past the first step. */
  back: { label: string; onClick: () => void } | null;
  other: { question: string; label: string; href: '/signin' | '/signup' };
}) {
  const { t } = useT('signin');
  return (
    <>
      {back ? (
        <Button type="button" variant="ghost" size="sm" className="self-start" onClick={back.onClick}>
          {back.label}
        </Button>
      ) : null}
      <p className="text-sm">
        {other.question}{' '}
        <Link href={other.href} className="underline underline-offset-4">
          {other.label}
        </Link>
      </p>
      <Link href="/" className="text-sm underline underline-offset-4">
        {t('continue_shopping')}
      </Link>
    </>
  );
}
