import { MarketApiError, unwrap } from '@marketkit/sdk';
import { downloadFileName } from '../core/index.ts';

/** A downloaded file (an invoice, a digital product) and the name to save it under. */
export interface DownloadedFile {
  /** The file's content. */
  blob: Blob;
  /** The name to save it under (the server's, cleaned; else a fallback). */
  fileName: string;
}

/**
 * The file of a download request (a `GET` made with `parseAs: 'blob'`), named as the server's
 * `Content-Disposition` says (cleaned; else `fallbackName`). A refusal comes as the JSON envelope and
 * rejects with its message (`MarketApiError`); an answer without a file (no body, or an empty one)
 * rejects with a `MarketApiError` of kind `malformed`, code `EMPTY_DOWNLOAD`.
 */
export async function fileFromResponse(
  request: Promise<{ data?: unknown; error?: unknown; response: Response }>,
  fallbackName: string,
): Promise<DownloadedFile> {
  const { data, error, response } = await request;
  // A refusal: the envelope's message and status.
  if (!response.ok || error !== undefined) await unwrap(Promise.resolve({ error, response }));
  const blob = data as Blob | undefined;
  if (!blob || blob.size === 0)
    throw new MarketApiError({
      kind: 'malformed',
      code: 'EMPTY_DOWNLOAD',
      status: response.status,
      method: 'GET',
      url: response.url,
      description: 'The download gave no file.',
    });
  return {
    blob,
    fileName: downloadFileName(response.headers.get('Content-Disposition'), fallbackName),
  };
}
