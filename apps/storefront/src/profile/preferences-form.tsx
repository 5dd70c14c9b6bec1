import type { PreferencesInput } from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { Button, toast } from '@marketkit/ui';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../common/failure.ts';

type Channel = keyof PreferencesInput['communication'];
const CHANNELS: readonly Channel[] = ['email', 'sms', 'whatsapp', 'push'];

/**
 * Every preference the contract has (it replaces them all): language, channels, order updates and
 * marketing. Saved with a success toast; a refusal shows the server's words and keeps the form as typed.
 */
export function PreferencesForm({
  initial,
  languages,
  save,
  onLanguageSaved,
}: {
  initial: PreferencesInput;
  /** The store's active languages (the header's list). */
  languages: readonly Schema<'Language'>[];
  save: (values: PreferencesInput) => Promise<Schema<'Preferences'>>;
  /** A different language was saved: the app switches to it. */
  onLanguageSaved: (code: string) => void;
}) {
  const { t } = useTranslation(['user_profile', 'common']);
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const savedLanguage = useRef(initial.language_code);
  const setChannel = (channel: Channel, on: boolean) =>
    setValues((current) => ({ ...current, communication: { ...current.communication, [channel]: on } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await save(values);
      toast.success(t('preferences.saved'));
      if (saved.language_code !== savedLanguage.current) {
        savedLanguage.current = saved.language_code;
        onLanguageSaved(saved.language_code);
      }
    } catch (error) {
      toast.error(failureMessage(error, t('preferences.failed'), t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
      <div className="flex flex-col gap-2 rounded-lg border border-current/15 p-4">
        <label htmlFor="preferences-language" className="font-semibold">
          {t('preferences.language')}
        </label>
        <p id="preferences-language-hint" className="text-sm opacity-80">
          {t('preferences.language_hint')}
        </p>
        <select
          id="preferences-language"
          aria-describedby="preferences-language-hint"
          value={values.language_code}
          onChange={(event) => setValues((current) => ({ ...current, language_code: event.target.value }))}
          className="min-h-10 w-full max-w-xs rounded-md border border-current/30 bg-transparent px-2"
        >
          {languages.map((language) => (
            <option
              key={language.language_code}
              value={language.language_code}
              lang={language.language_code.replace('_', '-')}
            >
              {language.native_name ?? language.language_name}
            </option>
          ))}
        </select>
      </div>
      <Group legend={t('preferences.channels_title')} hint={t('preferences.channels_hint')}>
        {CHANNELS.map((channel) => (
          <Check
            key={channel}
            label={t(`preferences.channel.${channel}`)}
            checked={values.communication[channel]}
            onChange={(on) => setChannel(channel, on)}
          />
        ))}
      </Group>
      <Group legend={t('preferences.messages_title')}>
        <Check
          label={t('preferences.order_updates')}
          hint={t('preferences.order_updates_hint')}
          checked={values.order_updates}
          onChange={(on) => setValues((current) => ({ ...current, order_updates: on }))}
        />
        <Check
          label={t('preferences.marketing')}
          hint={t('preferences.marketing_hint')}
          checked={values.marketing_opt_in}
          onChange={(on) => setValues((current) => ({ ...current, marketing_opt_in: on }))}
        />
      </Group>
      <div>
        <Button type="submit" disabled={busy}>
          {t('preferences.save')}
        </Button>
      </div>
    </form>
  );
}

function Group({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2 rounded-lg border border-current/15 p-4">
      <legend className="px-1 font-semibold">{legend}</legend>
      {hint ? <p className="text-sm opacity-80">{hint}</p> : null}
      {children}
    </fieldset>
  );
}

function Check({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-10 items-start gap-3 py-1">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 size-5 shrink-0"
      />
      <span className="flex flex-col">
        <span>{label}</span>
        {hint ? <span className="text-sm opacity-80">{hint}</span> : null}
      </span>
    </label>
  );
}
