import { useTranslation } from 'react-i18next';
import { ToneChip } from '../orders/status-chip.tsx';

/** Whether an e-mail address or phone number was verified, in words (the colour only helps). */
export function VerifiedChip({ verified }: { verified: boolean }) {
  const { t } = useTranslation('user_profile');
  return (
    <ToneChip tone={verified ? 'success' : 'neutral'}>{t(verified ? 'verified' : 'not_verified')}</ToneChip>
  );
}
