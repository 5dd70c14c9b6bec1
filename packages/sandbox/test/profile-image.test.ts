import { describe, expect, it } from 'vitest';
import { createContractValidator, createSandbox } from '../src/index.ts';
import { handleClient } from './support.ts';

/** Uploads one file as the profile image of the seeded shopper. */
async function upload(file: Blob) {
  const sandbox = createSandbox({ log: () => {} });
  const api = handleClient(sandbox);
  const { auth } = await api.signIn();
  const form = new FormData();
  form.append('file', file, 'me');
  const response = await api.call('/ums/rest/v3/profile-image', {
    method: 'POST',
    headers: auth,
    body: form,
  });
  const body = (await response.json()) as { response_message: string };
  return { status: response.status, body };
}

describe('the profile image (uploadProfileImage: PNG, JPEG or WebP up to 2 MiB)', () => {
  it('takes a PNG', async () => {
    const { status } = await upload(
      new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }),
    );
    expect(status).toBe(200);
  });

  it('answers another type with 415, as the contract says, in its error envelope', async () => {
    const { status, body } = await upload(new Blob(['GIF89a'], { type: 'image/gif' }));
    expect(status).toBe(415);
    expect(body.response_message).toBe('Upload a PNG, JPEG or WebP image');
    const violations = createContractValidator().checkResponse({
      method: 'POST',
      url: 'http://sandbox.test/ums/rest/v3/profile-image',
      status,
      contentType: 'application/json',
      body,
    });
    expect(violations).toEqual([]);
  });

  it('answers a file over 2 MiB with 413', async () => {
    const { status } = await upload(new Blob([new Uint8Array(2 * 1024 * 1024 + 1)], { type: 'image/jpeg' }));
    expect(status).toBe(413);
  });
});
