import type { UseProfileResult } from '@marketkit/hooks';
import {
  GENDERS,
  localIsoDate,
  type ProfileField,
  type ProfileForm,
  profileFormOf,
  validateProfile,
} from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { Button, Input, toast } from '@marketkit/ui';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../common/failure.ts';
import { fieldProblems } from '../common/field-problems.ts';
import { useFormat } from '../i18n/format.ts';
import { VerifiedChip } from './verified-chip.tsx';

type Profile = Schema<'CustomerProfile'>;
type Update = UseProfileResult['update'];
type Problems = Partial<Record<ProfileField, string>>;

const FIELDS: Record<ProfileField, ProfileField> = {
  first_name: 'first_name',
  last_name: 'last_name',
  date_of_birth: 'date_of_birth',
  gender: 'gender',
};
const fieldId = (field: ProfileField) => `profile-${field}`;
/** A day of birth as the storefront writes dates (`August 17, 1992`), whatever the zone. */

/** The shopper's details, and a form to change names, date of birth and gender (ums `updateProfile`). */
export function ProfileDetails({ profile, update }: { profile: Profile; update: Update }) {
  const format = useFormat();
  const { t } = useTranslation(['user_profile', 'common']);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  // Back where the shopper started, once the read view is committed again (a frame callback could run
  // before React commits it and find no button).
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  const notGiven = t('not_given');
  const rows: { label: string; value: ReactNode }[] = [
    { label: t('field.name'), value: `${profile.first_name} ${profile.last_name}` },
    {
      label: t('field.email'),
      value: profile.email ? <Contact text={profile.email} verified={profile.email_verified} /> : notGiven,
    },
    {
      label: t('field.phone'),
      value: profile.phone ? (
        <Contact text={`${profile.extension} ${profile.phone}`} verified={profile.phone_verified} />
      ) : (
        notGiven
      ),
    },
    {
      label: t('field.date_of_birth'),
      value: profile.date_of_birth ? format.day(profile.date_of_birth) : notGiven,
    },
    { label: t('field.gender'), value: profile.gender ? t(`gender.${profile.gender}`) : notGiven },
    { label: t('member_since'), value: format.date(profile.created_at) },
  ];

  return (
    <section
      aria-labelledby="profile-details"
      className="flex flex-col gap-3 rounded-lg border border-current/15 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="profile-details" className="font-semibold text-lg">
          {t('details_title')}
        </h2>
        {editing ? null : (
          <Button ref={editButton} size="sm" variant="secondary" onClick={() => setEditing(true)}>
            {t('edit_details')}
          </Button>
        )}
      </div>
      {editing ? (
        <ProfileEditForm profile={profile} update={update} onDone={close} />
      ) : (
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]" data-testid="profile-details">
          {rows.map((row) => (
            <div key={row.label} className="contents">
              <dt className="font-medium text-sm opacity-80">{row.label}</dt>
              <dd className="min-w-0 break-words">{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** An e-mail address or phone number (left to right in every language) and whether it was verified. */
function Contact({ text, verified }: { text: string; verified: boolean }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span dir="ltr">{text}</span>
      <VerifiedChip verified={verified} />
    </span>
  );
}

/** Problems beside their fields, focus on the first; a refusal keeps what was typed. */
function ProfileEditForm({
  profile,
  update,
  onDone,
}: {
  profile: Profile;
  update: Update;
  onDone: () => void;
}) {
  const { t } = useTranslation(['user_profile', 'common']);
  const [values, setValues] = useState<ProfileForm>(() => profileFormOf(profile));
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const today = localIsoDate(new Date());
  const set = <K extends ProfileField>(field: K, value: ProfileForm[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };
  const show = (found: Problems) => {
    setProblems(found);
    const first = Object.values(FIELDS).find((field) => found[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateProfile(values, today);
    if (!checked.ok) {
      const found: Problems = {};
      for (const [field, problem] of Object.entries(checked.problems) as [ProfileField, string][])
        found[field] = t(`problem.${problem}`, { max: 60 });
      show(found);
      return;
    }
    setBusy(true);
    try {
      await update(checked.value);
      toast.success(t('details_saved'));
      onDone();
    } catch (error) {
      toast.error(failureMessage(error, t('details_failed'), t));
      show(fieldProblems(error, FIELDS, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={(event) => void submit(event)}>
      <div className="grid gap-3 sm:grid-cols-2">
        <Input
          id={fieldId('first_name')}
          label={t('field.first_name')}
          autoComplete="given-name"
          required
          value={values.first_name}
          error={problems.first_name}
          onChange={(event) => set('first_name', event.target.value)}
        />
        <Input
          id={fieldId('last_name')}
          label={t('field.last_name')}
          autoComplete="family-name"
          required
          value={values.last_name}
          error={problems.last_name}
          onChange={(event) => set('last_name', event.target.value)}
        />
        <Input
          id={fieldId('date_of_birth')}
          type="date"
          label={t('optional', { label: t('field.date_of_birth') })}
          autoComplete="bday"
          min="1900-01-01"
          max={today}
          value={values.date_of_birth}
          error={problems.date_of_birth}
          onChange={(event) => set('date_of_birth', event.target.value)}
        />
        <GenderField
          value={values.gender}
          problem={problems.gender}
          onChange={(gender) => set('gender', gender)}
        />
      </div>
      <p className="text-sm opacity-80">{t('contact_hint')}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {t('save_details')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

function GenderField({
  value,
  problem,
  onChange,
}: {
  value: ProfileForm['gender'];
  problem: string | undefined;
  onChange: (value: ProfileForm['gender']) => void;
}) {
  const { t } = useTranslation('user_profile');
  const id = fieldId('gender');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-sm">
        {t('optional', { label: t('field.gender') })}
      </label>
      <select
        id={id}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(event) => onChange(GENDERS.find((gender) => gender === event.target.value) ?? '')}
        className="min-h-10 w-full rounded-md border border-current/30 bg-transparent px-2"
      >
        <option value="">{t('gender.none')}</option>
        {GENDERS.map((gender) => (
          <option key={gender} value={gender}>
            {t(`gender.${gender}`)}
          </option>
        ))}
      </select>
      {problem ? (
        <p id={`${id}-error`} role="alert" className="text-red-700 text-xs">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
