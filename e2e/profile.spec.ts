import { crc32, deflateSync } from 'node:zlib';
import { unwrap } from '@marketkit/sdk';
import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { refuseNext, toast } from './support/faults.ts';
import { useStorefront } from './support/servers.ts';
import { signedInShopper } from './support/shopper-client.ts';
import { signInInBrowser } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';

// The shopper's profile (details, picture, password) and preferences in Chromium against the sandbox,
// with axe in a left-to-right (demo) and a right-to-left (souq, Arabic) store.
const storefront = useStorefront();

// Every test starts from the seed (one of them changes the password).
test.beforeEach(async () => {
  const response = await fetch(`${storefront.sandboxUrl()}/__sandbox/reset`, { method: 'POST' });
  expect(response.ok).toBe(true);
});

/** A real PNG of one colour (signature, IHDR, IDAT, IEND), so the browser can draw it. */
function solidPng(width: number, height: number, rgb: [number, number, number]) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.from([0, ...Array.from({ length: width }, () => rgb).flat()]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Counts the requests that would upload a profile image. */
function uploadsOf(page: Page) {
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/ums/rest/v3/profile-image'))
      uploads.push(request.url());
  });
  return uploads;
}

test('edits the details: problems beside the fields, a server refusal keeps what was typed, and the change survives a reload', async ({
  page,
}) => {
  const origin = await signInInBrowser(page, storefront.origin('demo'));
  await page.goto(`${origin}/myProfile`);
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  const details = page.getByTestId('profile-details');
  await expect(details).toContainText('Asha Shopper');
  await expect(details).toContainText('shopper@example.com');
  await expect(details).toContainText('+91 9876543210');

  await page.getByRole('button', { name: 'Edit details' }).click();
  const first = page.getByLabel('First name');
  await first.fill('   ');
  await page.getByLabel('Last name').fill('');
  await page.getByRole('button', { name: 'Save details' }).click();
  // Both are named beside their fields; the focus goes to the first.
  await expect(page.getByText('This is required.')).toHaveCount(2);
  await expect(first).toBeFocused();

  await first.fill('Asha');
  await page.getByLabel('Last name').fill('Rao-Menon');
  await page.getByLabel('Date of birth (optional)').fill('1992-08-17');
  await page.getByLabel('Gender (optional)').selectOption('female');
  await refuseNext(storefront.sandboxUrl(), {
    method: 'PUT',
    path: '/ums/rest/v3/profile',
    status: 503,
    message: 'Profiles are being moved; try again in a minute',
  });
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(toast(page, 'Profiles are being moved; try again in a minute')).toBeVisible();
  // Nothing was lost.
  await expect(page.getByLabel('Last name')).toHaveValue('Rao-Menon');
  await expect(page.getByLabel('Date of birth (optional)')).toHaveValue('1992-08-17');

  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(toast(page, 'Your details were saved.')).toBeVisible();
  await expect(details).toContainText('Asha Rao-Menon');
  await expect(details).toContainText('August 17, 1992');
  await expect(details).toContainText('Female');
  await expect(page.getByRole('button', { name: 'Edit details' })).toBeFocused();

  // /userDetails is the same screen; the server has the change.
  await page.goto(`${origin}/userDetails`);
  await expect(page.getByTestId('profile-details')).toContainText('Asha Rao-Menon');
  await page.reload();
  await expect(page.getByTestId('profile-details')).toContainText('August 17, 1992');
  const client = await signedInShopper(storefront.sandboxUrl(), 'demo');
  expect(await unwrap(client.GET('/ums/rest/v3/profile'))).toMatchObject({
    last_name: 'Rao-Menon',
    date_of_birth: '1992-08-17',
    gender: 'female',
  });
});

test('a new first name shows in the header’s account menu at once, without a reload (the name comes from the token)', async ({
  page,
}) => {
  const origin = await signInInBrowser(page, storefront.origin('demo'));
  const menu = page.getByTestId('account-menu');
  await expect(menu).toHaveAccessibleName('Account menu of Asha Shopper');
  await page.goto(`${origin}/myProfile`);
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  // A mark on this document: it is gone if the page is loaded again.
  await page.evaluate(() => {
    (window as unknown as { sameDocument?: boolean }).sameDocument = true;
  });
  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/ums/rest/v3/refresh-token'))
      refreshes.push(request.method());
  });

  await page.getByRole('button', { name: 'Edit details' }).click();
  await page.getByLabel('First name').fill('Ayesha');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(toast(page, 'Your details were saved.')).toBeVisible();
  await expect(page.getByTestId('profile-details')).toContainText('Ayesha Shopper');
  await expect(menu).toHaveAccessibleName('Account menu of Ayesha Shopper');
  await expect(menu).toContainText('Ayesha Shopper');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  // One renewal, through the SDK's refresh.
  expect(refreshes).toEqual(['POST']);
});

test('uploads a small PNG and shows it, refuses a file that is too large or of another type before any upload, and removes the picture', async ({
  page,
}) => {
  const origin = await signInInBrowser(page, storefront.origin('demo'));
  const uploads = uploadsOf(page);
  await page.goto(`${origin}/myProfile`);
  await expect(page.getByRole('img', { name: 'No profile picture yet' })).toBeVisible();
  const input = page.getByLabel('Upload a picture');
  await expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');

  // 3 MiB with an allowed type: refused here, with both sizes in MB (bytes ÷ 1048576).
  await input.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(3.5 * 1048576, 1),
  });
  await expect(page.getByRole('alert')).toHaveText(
    'This image is 3.50 MB; the limit is 2 MB. Choose a smaller one.',
  );
  await input.setInputFiles({ name: 'moving.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByRole('alert')).toHaveText(
    'This file cannot be used. Choose a PNG, JPEG or WebP image of up to 2 MB.',
  );
  expect(uploads).toEqual([]);

  await input.setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: solidPng(12, 12, [200, 40, 90]),
  });
  await expect(toast(page, 'Your profile picture was updated.')).toBeVisible();
  expect(uploads).toHaveLength(1);
  await expect(page.getByRole('alert').filter({ hasText: 'This file cannot be used' })).toHaveCount(0);
  const picture = page.getByRole('img', { name: 'Profile picture of Asha Shopper' });
  await expect(picture).toBeVisible();
  // The browser drew the uploaded bytes.
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(12);

  await page.reload();
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(12);

  await page.getByRole('button', { name: 'Remove the picture' }).click();
  await expect(toast(page, 'Your profile picture was removed.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'No profile picture yet' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('img', { name: 'No profile picture yet' })).toBeVisible();
});

test('changes the password: a wrong current one changes nothing; after signing out only the new one signs in', async ({
  page,
}) => {
  const origin = await signInInBrowser(page, storefront.origin('demo'));
  await page.goto(`${origin}/myProfile`);
  const current = page.getByLabel('Current password');
  const next = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm the new password');
  const submit = page.getByRole('button', { name: 'Change password' });

  await current.fill('Password123');
  await next.fill('Short1');
  await confirm.fill('Short1');
  await submit.click();
  await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
  await expect(next).toBeFocused();

  await current.fill('NotMyPassword');
  await next.fill('BrandNew456');
  await confirm.fill('BrandNew456');
  await submit.click();
  await expect(
    toast(page, 'The store could not accept this. Check what you entered and try again.'),
  ).toBeVisible();
  // The page's own words for the refusal's code beside the field it named, which has the focus;
  // never the server's ('The current password is incorrect', 'Incorrect password').
  await expect(current).toHaveAccessibleDescription('This does not match. Check it and try again.');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toBeFocused();
  await expect(page.getByText(/incorrect/i)).toHaveCount(0);
  // Nothing changed: the old password still signs in.
  await signedInShopper(storefront.sandboxUrl(), 'demo');

  await current.fill('Password123');
  await submit.click();
  await expect(toast(page, 'Your password was changed.')).toBeVisible();
  await expect(current).toHaveValue('');

  await page.getByTestId('account-menu').click();
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${origin}/`);
  await page.goto(`${origin}/signin`);
  await page.getByLabel('E-mail or phone number').fill('shopper@example.com');
  await page.getByLabel('Password').fill('Password123');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Incorrect e-mail, phone number or password' }),
  ).toBeVisible();
  await expect(page).toHaveURL(`${origin}/signin`);
  await page.getByLabel('Password').fill('BrandNew456');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await page.goto(`${origin}/myProfile`);
  await expect(page.getByTestId('profile-details')).toContainText('Asha Shopper');
});

test('saves the preferences (a refusal keeps the form as typed), switches the app to the language chosen, and keeps them after a reload', async ({
  page,
}) => {
  const origin = await signInInBrowser(page, storefront.origin('demo'));
  await page.goto(`${origin}/preferences`);
  await expect(page.getByRole('heading', { level: 1, name: 'Preferences' })).toBeVisible();
  const language = page.getByRole('main').getByLabel('Language', { exact: true });
  await expect(language).toHaveValue('en');
  await expect(page.getByLabel('SMS')).toBeChecked();
  await expect(page.getByLabel('WhatsApp')).not.toBeChecked();

  await page.getByLabel('SMS').uncheck();
  await page.getByLabel('WhatsApp').check();
  await page.getByLabel(/Offers and news/).check();
  await page.getByLabel(/Order and booking updates/).uncheck();
  await refuseNext(storefront.sandboxUrl(), {
    method: 'PUT',
    path: '/ums/rest/v3/preferences',
    status: 503,
    message: 'Preferences are read-only for a minute',
  });
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(toast(page, 'Preferences are read-only for a minute')).toBeVisible();
  await expect(page.getByLabel('SMS')).not.toBeChecked();
  await expect(page.getByLabel('WhatsApp')).toBeChecked();

  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(toast(page, 'Your preferences were saved.')).toBeVisible();

  // A language chosen here switches the app, as the header's switcher does.
  await language.selectOption('fr');
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Préférences' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('banner').getByRole('combobox')).toHaveValue('fr');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Préférences' })).toBeVisible();
  await expect(page.getByRole('main').getByLabel('Langue', { exact: true })).toHaveValue('fr');
  await expect(page.getByLabel('SMS')).not.toBeChecked();
  await expect(page.getByLabel('WhatsApp')).toBeChecked();
  await expect(page.getByLabel(/Offres et nouveautés/)).toBeChecked();
  await expect(page.getByLabel(/Suivi des commandes/)).not.toBeChecked();
  const client = await signedInShopper(storefront.sandboxUrl(), 'demo');
  expect(await unwrap(client.GET('/ums/rest/v3/preferences'))).toEqual({
    language_code: 'fr',
    communication: { email: true, sms: false, whatsapp: true, push: false },
    marketing_opt_in: true,
    order_updates: false,
  });
});

test('a profile or preferences that cannot be loaded shows why, with a retry that loads them', async ({
  page,
}) => {
  const origin = await signInInBrowser(page, storefront.origin('demo'));
  await refuseNext(storefront.sandboxUrl(), {
    method: 'GET',
    path: '/ums/rest/v3/profile',
    status: 409,
    message: 'Your account is being moved',
  });
  await page.goto(`${origin}/myProfile`);
  const failed = page.getByRole('alert').filter({ hasText: 'Your profile could not be loaded.' });
  await expect(failed).toContainText('Your account is being moved');
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('profile-details')).toContainText('Asha Shopper');

  await refuseNext(storefront.sandboxUrl(), {
    method: 'GET',
    path: '/ums/rest/v3/preferences',
    status: 409,
    message: 'Preferences are being moved',
  });
  await page.goto(`${origin}/preferences`);
  const again = page.getByRole('alert').filter({ hasText: 'Your preferences could not be loaded.' });
  await expect(again).toContainText('Preferences are being moved');
  await again.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('button', { name: 'Save preferences' })).toBeVisible();
});

test('links the account screens to each other', async ({ page }) => {
  const origin = await signInInBrowser(page, storefront.origin('demo'));
  await page.goto(`${origin}/myProfile`);
  const nav = page.getByRole('navigation', { name: 'My account' });
  await expect(nav.getByRole('link', { name: 'My profile' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Preferences' }).click();
  await expect(page).toHaveURL(`${origin}/preferences`);
  await expect(nav.getByRole('link', { name: 'Preferences' })).toHaveAttribute('aria-current', 'page');
  for (const [name, path] of [
    ['Signed-in devices', '/loginSessions'],
    ['My addresses', '/customerAddress'],
    ['My orders', '/userprofile/myOrder'],
  ] as const)
    await expect(nav.getByRole('link', { name })).toHaveAttribute('href', path);
  await nav.getByRole('link', { name: 'My profile' }).click();
  await expect(page).toHaveURL(`${origin}/myProfile`);
});

for (const store of ['demo', 'souq'] as const) {
  test(`no serious or critical axe violations on the profile and preferences screens (${store})`, async ({
    page,
  }) => {
    const origin = await signInInBrowser(page, storefront.origin(store), store === 'souq' ? 'ar' : 'en');
    await page.goto(`${origin}/myProfile`);
    const title = store === 'souq' ? 'ملفي الشخصي' : 'My profile';
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', store === 'souq' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('profile-details')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // The edit form with its problems showing.
    await page.getByRole('button', { name: store === 'souq' ? 'تعديل البيانات' : 'Edit details' }).click();
    await page.locator('#profile-first_name').fill('');
    await page.getByRole('button', { name: store === 'souq' ? 'حفظ البيانات' : 'Save details' }).click();
    await expect(page.locator('#profile-first_name')).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${origin}/preferences`);
    await expect(
      page.getByRole('heading', { level: 1, name: store === 'souq' ? 'التفضيلات' : 'Preferences' }),
    ).toBeVisible();
    await expect(page.locator('#preferences-language')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
