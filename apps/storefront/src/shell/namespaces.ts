import type { Namespace } from '../i18n/i18n.ts';

/** The namespaces every screen's frame needs; they load at start, beside the store calls. */
export const SHELL_NAMESPACES: readonly Namespace[] = ['common', 'header', 'footer', 'store_modal'];
