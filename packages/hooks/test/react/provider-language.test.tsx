// @vitest-environment jsdom
import { isMarketApiError } from '@marketkit/sdk';
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, useCategories, useLanguage } from '../../src/react/index.ts';
import { type Device, newDevice, renderWithMarket, setupSandbox } from './harness.tsx';

// An app on i18next gives the provider its language: the hooks and every call follow it.
const { server } = setupSandbox();

/** The `language-code` of every categories call, in the order sent. */
let sent: (string | null)[] = [];
const record = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  if (url.pathname === '/pbs/rest/v3/categories') sent.push(url.searchParams.get('language-code'));
};
beforeEach(() => {
  sent = [];
  server.events.on('request:start', record);
});
afterEach(() => {
  server.events.removeListener('request:start', record);
});

const usePage = () => ({ language: useLanguage(), categories: useCategories() });

/** The page on the 'souq' store (Arabic by default, English too) with the app's language. */
function renderIn(device: Device, language: string, props: Record<string, unknown> = {}) {
  const onLanguageChange = vi.fn();
  const view = renderWithMarket(usePage, device, '/', {
    store: 'souq',
    language,
    onLanguageChange,
    ...props,
  });
  return { view, onLanguageChange };
}

describe('the language given to the provider', () => {
  it('is the language of the hooks and of every call; the stored ln follows it', async () => {
    const device = newDevice();
    device.storage.setItem(STORAGE_KEYS.language, 'ar');
    const { view } = renderIn(device, 'en');
    await waitFor(() => expect(view.result.current.categories.data).toBeDefined());
    expect(view.result.current.language.language).toBe('en');
    expect(view.result.current.language.direction).toBe('LTR');
    expect(sent).toEqual(['en']);
    expect(device.storage.getItem(STORAGE_KEYS.language)).toBe('en');
    expect(view.result.current.categories.data?.[0]?.category_name).not.toMatch(/[\u0600-\u06FF]/);
  });

  it('changing it switches the hooks and asks again for what depends on the language', async () => {
    const device = newDevice();
    const props = { store: 'souq', language: 'en' };
    const view = renderWithMarket(usePage, device, '/', props);
    await waitFor(() => expect(view.result.current.categories.data).toBeDefined());
    // The app switched i18next: the provider is rendered with the new language.
    props.language = 'ar';
    view.rerender();
    expect(view.result.current.language.language).toBe('ar');
    await waitFor(() =>
      expect(view.result.current.categories.data?.[0]?.category_name).toMatch(/[\u0600-\u06FF]/),
    );
    expect(view.result.current.language.direction).toBe('RTL');
    expect(sent).toEqual(['en', 'ar']);
    expect(device.storage.getItem(STORAGE_KEYS.language)).toBe('ar');
  });

  it('a setLanguage through the hooks goes to onLanguageChange, as the store spells the code', async () => {
    const { view, onLanguageChange } = renderIn(newDevice(), 'en');
    await waitFor(() => expect(view.result.current.language.languages.length).toBeGreaterThan(1));
    let chosen = '';
    act(() => {
      chosen = view.result.current.language.setLanguage('AR');
    });
    expect(chosen).toBe('ar');
    expect(onLanguageChange).toHaveBeenCalledWith('ar');
    // The app has not switched yet: the language is still the one it gives.
    expect(view.result.current.language.language).toBe('en');
  });

  it('refuses a language the store does not offer, and a switch the app cannot hear', async () => {
    const { view } = renderIn(newDevice(), 'en', { onLanguageChange: undefined });
    await waitFor(() => expect(view.result.current.language.languages.length).toBeGreaterThan(1));
    const codeOf = (attempt: () => void) => {
      try {
        attempt();
      } catch (error) {
        return isMarketApiError(error) ? error.code : 'not a MarketApiError';
      }
      return 'no error';
    };
    expect(codeOf(() => view.result.current.language.setLanguage('xx'))).toBe('LANGUAGE_NOT_ACTIVE');
    expect(codeOf(() => view.result.current.language.setLanguage('ar'))).toBe('LANGUAGE_CONTROLLED');
  });

  it("a language the store does not offer: the app is told the store's default, and no reload is asked", async () => {
    const onReload = vi.fn();
    const onLanguageChange = vi.fn();
    const view = renderWithMarket(() => useLanguage({ onReload }), newDevice(), '/', {
      store: 'souq',
      language: 'de',
      onLanguageChange,
    });
    await waitFor(() => expect(onLanguageChange).toHaveBeenCalledWith('ar'));
    expect(view.result.current.language).toBe('ar');
    expect(onReload).not.toHaveBeenCalled();
  });
});

describe('without a language given', () => {
  it("keeps today's rule: the stored ln, switched by setLanguage", async () => {
    const device = newDevice();
    device.storage.setItem(STORAGE_KEYS.language, 'en');
    const view = renderWithMarket(usePage, device, '/', { store: 'souq' });
    await waitFor(() => expect(view.result.current.categories.data).toBeDefined());
    expect(view.result.current.language.language).toBe('en');
    act(() => {
      view.result.current.language.setLanguage('ar');
    });
    expect(device.storage.getItem(STORAGE_KEYS.language)).toBe('ar');
    await waitFor(() =>
      expect(view.result.current.categories.data?.[0]?.category_name).toMatch(/[\u0600-\u06FF]/),
    );
    expect(sent).toEqual(['en', 'ar']);
  });
});
