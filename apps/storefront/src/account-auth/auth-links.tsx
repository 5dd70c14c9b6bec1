import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StepButton } from './step-button.tsx';

/** The ways out of sign-in and sign-up: back to the first step, the other form, and the shop. */
export function AuthLinks({
  back,
  other,
}: {
  /** Shown past the first step. */
  back: { label: string; onClick: () => void } | null;
  other: { question: string; label: string; href: '/signin' | '/signup' };
}) {
  const { t } = useTranslation('signin');
  return (
    <>
      {back ? (
        // The first step again: in place once the code runs, the page afresh before.
        <StepButton step={null} variant="ghost" size="sm" className="self-start" onClick={back.onClick}>
          {back.label}
        </StepButton>
      ) : null}
      <p className="text-sm">
        {other.question}{' '}
        <Link to={other.href} className="underline underline-offset-4">
          {other.label}
        </Link>
      </p>
      <Link to="/" className="text-sm underline underline-offset-4">
        {t('continue_shopping')}
      </Link>
    </>
  );
}
