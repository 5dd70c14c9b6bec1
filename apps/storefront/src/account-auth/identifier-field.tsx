import { DEFAULT_PHONE_EXTENSION } from '@marketkit/hooks/core';
import { Input } from '@marketkit/ui';
import { useTranslation } from 'react-i18next';

/** "E-mail or phone number", with the phone's country code beside it (default +91). */
export function IdentifierField({
  value,
  extension,
  onChange,
  onExtensionChange,
  error,
  extensionError,
  label,
}: {
  /** What the fields start with (they are uncontrolled: what is typed before the code runs stays). */
  value: string;
  extension: string;
  onChange: (value: string) => void;
  onExtensionChange: (value: string) => void;
  /** A problem with the e-mail or number, shown under it. */
  error?: string | undefined;
  /** A problem with the extension, shown under the extension. */
  extensionError?: string | undefined;
  label?: string;
}) {
  const { t } = useTranslation('signin');
  return (
    <div className="grid grid-cols-[5.5rem_1fr] items-start gap-2">
      <Input
        label={t('extension')}
        name="extension"
        autoComplete="tel-country-code"
        maxLength={5}
        noSpaces
        defaultValue={extension}
        placeholder={DEFAULT_PHONE_EXTENSION}
        error={extensionError}
        onChange={(event) => onExtensionChange(event.target.value)}
      />
      <Input
        label={label ?? t('username')}
        name="username"
        autoComplete="username"
        noSpaces
        defaultValue={value}
        error={error}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
