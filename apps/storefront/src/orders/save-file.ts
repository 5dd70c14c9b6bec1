import type { DownloadedFile } from '@marketkit/hooks';
import { toast } from '@marketkit/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../common/failure.ts';

/** Saves a downloaded file through the browser's download (an object URL, freed right after). */
export function saveFile(file: DownloadedFile) {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started reading it once the click has run; a short delay keeps slow ones safe.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The toasts of a download: the error's fallback text, and the success text when there is one. */
export interface DownloadMessages {
  /** Shown when the server gives no message of its own. */
  failed: string;
  started?: (fileName: string) => string;
}

/**
 * Downloads a file (an invoice, a digital product) and saves it. `busy` while it runs; a refusal shows
 * the server's message (else `failed`) in an error toast and saves nothing.
 */
export function useSaveDownload() {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const save = async (download: () => Promise<DownloadedFile>, messages: DownloadMessages) => {
    setBusy(true);
    try {
      const file = await download();
      saveFile(file);
      if (messages.started) toast.success(messages.started(file.fileName));
    } catch (error) {
      toast.error(failureMessage(error, messages.failed, t));
    } finally {
      setBusy(false);
    }
  };
  return { busy, save };
}
