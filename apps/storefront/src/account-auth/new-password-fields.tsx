import { Input } from '@marketkit/ui';
import { useTranslation } from 'react-i18next';

/** A new password typed twice (sign-up's details, a reset after a forgotten password). */
export function NewPasswordFields({
  label,
  hint,
  names,
  problems,
}: {
  label: string;
  hint: string;
  /** The two fields' names in their form: the password, then its confirmation. */
  names: readonly [string, string];
  problems: { password?: string | undefined; confirm?: string | undefined };
}) {
  const { t } = useTranslation('signin');
  return (
    <>
      <Input
        label={label}
        name={names[0]}
        type="password"
        autoComplete="new-password"
        hint={hint}
        error={problems.password}
      />
      <Input
        label={t('confirm_password')}
        name={names[1]}
        type="password"
        autoComplete="new-password"
        error={problems.confirm}
      />
    </>
  );
}
