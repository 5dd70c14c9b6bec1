import { createContext, useContext } from 'react';

/**
 * What the page was rendered with that is not route data: the response's CSP nonce and the session
 * token the server saw (server only: never written into the page), and the texts the page carries.
 */
export interface PageContextValue {
  /** The CSP nonce of this response (server); the browser hides it, and needs none to hydrate. */
  nonce?: string;
  /** The shopper's access token as the server read it from the cookie (server only). */
  accessToken?: string | null;
  /** The JSON of the texts the page was rendered with (`renderedTextsScript`), the same on both sides. */
  texts: string | null;
}

export const PageContext = createContext<PageContextValue>({ texts: null });

export const usePage = () => useContext(PageContext);

/** Where the page carries its texts for the browser's i18next. */
export const TEXTS_ELEMENT_ID = 'marketkit-texts';

/** What the texts element holds. */
export interface RenderedTexts {
  language: string;
  /** The language host the browser loads further namespaces from. */
  host: string;
  resources: Record<string, Record<string, unknown>>;
}

/** JSON inside a `<script type="application/json">`: `<` escaped, so no value can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/** The texts a page carries, or null (none, or not readable). */
export function readRenderedTexts(text: string | null | undefined): RenderedTexts | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<RenderedTexts> | null;
    if (
      !value ||
      typeof value.language !== 'string' ||
      typeof value.host !== 'string' ||
      typeof value.resources !== 'object' ||
      value.resources === null
    )
      return null;
    return value as RenderedTexts;
  } catch {
    return null;
  }
}
