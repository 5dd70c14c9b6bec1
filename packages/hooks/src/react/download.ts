import { unwrap } from '@marketkit/sdk';
import { downloadFileName } from '../core/index.ts';

/** A downloaded file (an invoice, a digital product) and the name to save it under. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * The file of a download request (a `GET` made with `parseAs: 'blob'`), named as the server's
 * `Content-Disposition` says (cleaned; else `fallbackName`). A refusal comes as the JSON envelope and
 * rejects with its message (`MarketApiError`), as does an answer without a file.
 */
export async function fileFromResponse(
  request: Promise<{ data?: unknown; error?: unknown; response: Response }>,
  fallbackName: string,
): Promise<DownloadedFile> {
  const { data, error, response } = await request;
  const blob = data as Blob | undefined;
  if (!response.ok || error !== undefined || !blob) {
    // Without data, unwrap always rejects: with the envelope's message, or "empty reply" for a 2XX.
    await unwrap(Promise.resolve({ error, response }));
    throw new Error('The download gave no file');
  }
  return {
    blob,
    fileName: downloadFileName(response.headers.get('Content-Disposition'), fallbackName),
  };
}
