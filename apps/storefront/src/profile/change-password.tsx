import { useChangePassword } from '@marketkit/hooks';
import { type PasswordChangeForm, validatePasswordChange } from '@marketkit/hooks/core';
import { Button, Input, toast } from '@marketkit/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../common/failure.ts';
import { fieldProblems } from '../common/field-problems.ts';

type Field = keyof PasswordChangeForm;
type Problems = Partial<Record<Field, string>>;

const EMPTY: PasswordChangeForm = { current: '', next: '', confirm: '' };
const ORDER: readonly Field[] = ['current', 'next', 'confirm'];
/** The contract's field names → the form's. */
const SERVER_FIELDS: Record<string, Field> = { current_password: 'current', new_password: 'next' };
const fieldId = (field: Field) => `password-${field}`;

/**
 * Change password: current, new, confirm. Problems beside their fields (focus on the first); a wrong
 * current password shows the page's own words for its code there and changes nothing; success empties the form.
 */
export function ChangePassword() {
  const { t } = useTranslation(['user_profile', 'common']);
  const password = useChangePassword();
  const [values, setValues] = useState<PasswordChangeForm>(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };
  const show = (found: Problems) => {
    setProblems(found);
    const first = ORDER.find((field) => found[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validatePasswordChange(values);
    if (!checked.ok) {
      const found: Problems = {};
      for (const [field, problem] of Object.entries(checked.problems) as [Field, string][])
        found[field] = t(`problem.${problem}`, { min: 8, max: 128 });
      show(found);
      return;
    }
    setBusy(true);
    try {
      await password.change(checked.value);
      setValues(EMPTY);
      setProblems({});
      toast.success(t('password.changed'));
    } catch (error) {
      toast.error(failureMessage(error, t('password.failed'), t));
      show(fieldProblems(error, SERVER_FIELDS, t));
    } finally {
      setBusy(false);
    }
  };

  const fields: { field: Field; autoComplete: string; hint?: string }[] = [
    { field: 'current', autoComplete: 'current-password' },
    { field: 'next', autoComplete: 'new-password', hint: t('password.hint', { min: 8 }) },
    { field: 'confirm', autoComplete: 'new-password' },
  ];
  return (
    <section
      aria-labelledby="change-password"
      className="flex flex-col gap-3 rounded-lg border border-current/15 p-4"
    >
      <h2 id="change-password" className="font-semibold text-lg">
        {t('password.title')}
      </h2>
      <form className="flex max-w-md flex-col gap-3" noValidate onSubmit={(event) => void submit(event)}>
        {fields.map(({ field, autoComplete, hint }) => (
          <Input
            key={field}
            id={fieldId(field)}
            type="password"
            label={t(`password.${field}`)}
            autoComplete={autoComplete}
            required
            maxLength={128}
            value={values[field]}
            hint={hint}
            error={problems[field]}
            onChange={(event) => set(field, event.target.value)}
          />
        ))}
        <div>
          <Button type="submit" disabled={busy}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
