/** Escapes text for HTML and SVG (element content and attribute values). */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** `Chef's Knife 20cm` → `chef-s-knife-20cm`. */
export const slugify = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Money to 2 decimals. */
export const round2 = (value: number) => Math.round(value * 100) / 100;
