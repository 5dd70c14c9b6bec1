import type { Schema } from '@marketkit/sdk';

type Grecaptcha = {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
};

const LOAD_TIMEOUT_MS = 15_000;
let loading: Promise<Grecaptcha> | null = null;

/** Google's reCAPTCHA v3 script, loaded once and only when a store turns reCAPTCHA on. */
function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    const timer = setTimeout(() => reject(new Error('reCAPTCHA did not load')), LOAD_TIMEOUT_MS);
    script.onload = () => {
      const api = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (!api) return reject(new Error('reCAPTCHA did not load'));
      api.ready(() => {
        clearTimeout(timer);
        resolve(api);
      });
    };
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error('reCAPTCHA did not load'));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * A reCAPTCHA token for an action when the store's configuration enables it (the services host then
 * requires one), else null. Nothing is loaded for stores that leave it off.
 */
export async function recaptchaToken(
  config: Schema<'RecaptchaConfiguration'> | null,
  action: string,
): Promise<string | null> {
  if (!config?.enabled || !config.site_key) return null;
  const api = await loadRecaptcha(config.site_key);
  return api.execute(config.site_key, { action });
}
