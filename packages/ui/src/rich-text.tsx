import { createElement, type ReactNode, useMemo, useSyncExternalStore } from 'react';

/** Elements kept (as themselves); everything else is unwrapped to its text, or dropped with its content. */
const ALLOWED = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'sub',
  'sup',
  'mark',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'code',
  'pre',
  'hr',
  'span',
  'div',
  'a',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
]);
/** Elements dropped together with everything inside them. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'img',
  'video',
  'audio',
  'source',
  'picture',
  'canvas',
  'title',
  'head',
]);
/** The page owns `h1` and the section `h2`: headings in content start at `h3`. */
const RENAMED: Record<string, string> = { h1: 'h3', h2: 'h3' };

/** Links may go to web pages, mail, phone, or a path on this site (never `javascript:`, `//host`). */
export function safeHref(value: string | null): string | null {
  if (value === null) return null;
  const href = value.trim();
  // Control characters and backslashes let a path turn into another host or scheme: refuse them.
  if ([...href].some((character) => character.charCodeAt(0) < 32 || character === '\\')) return null;
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  try {
    const url = new URL(href);
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function toReact(node: Node, key: string): ReactNode {
  if (node.nodeType === 3) return node.textContent;
  if (node.nodeType !== 1) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = Array.from(element.childNodes, (child, index) => toReact(child, `${key}.${index}`));
  const name = RENAMED[tag] ?? tag;
  if (!ALLOWED.has(name)) return children.length > 0 ? createElement('span', { key }, ...children) : null;
  if (name === 'a') {
    const href = safeHref(element.getAttribute('href'));
    if (!href) return createElement('span', { key }, ...children);
    const external = /^https?:/i.test(href);
    return createElement(
      'a',
      { key, href, ...(external ? { rel: 'noopener noreferrer nofollow ugc', target: '_blank' } : {}) },
      ...children,
    );
  }
  if (name === 'br' || name === 'hr') return createElement(name, { key });
  return createElement(name, { key }, ...children);
}

const SPACE = /[\t\n\f\r /]/;

/**
 * Renames every event-handler attribute (`onerror=` → `data-disarmed-onerror=`) in start tags, reading
 * tags the way the HTML tokenizer does (quoted values are skipped whole). Browsers check handler
 * attributes against the page's Content-Security-Policy while they parse, even in an inert document,
 * and report each one as a violation; none of them would survive the allowlist anyway. Linear time.
 */
function disarmHandlers(html: string): string {
  const n = html.length;
  let out = '';
  let i = 0;
  while (i < n) {
    const open = html.indexOf('<', i);
    if (open === -1) return out + html.slice(i);
    out += html.slice(i, open);
    i = open + 1;
    out += '<';
    if (!/[a-zA-Z]/.test(html[i] ?? '')) continue;
    while (i < n && !SPACE.test(html[i] as string) && html[i] !== '>') out += html[i++];
    while (i < n && html[i] !== '>') {
      if (SPACE.test(html[i] as string)) {
        out += html[i++];
        continue;
      }
      let end = i + 1;
      while (end < n && !SPACE.test(html[end] as string) && html[end] !== '>' && html[end] !== '=') end += 1;
      const name = html.slice(i, end);
      out += /^on/i.test(name) ? `data-disarmed-${name}` : name;
      i = end;
      let next = i;
      while (next < n && /\s/.test(html[next] as string)) next += 1;
      if (html[next] !== '=') continue;
      out += html.slice(i, next + 1);
      i = next + 1;
      while (i < n && /\s/.test(html[i] as string)) out += html[i++];
      const quote = html[i];
      let stop = i;
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        stop = close === -1 ? n : close + 1;
      } else while (stop < n && !/[\s>]/.test(html[stop] as string)) stop += 1;
      out += html.slice(i, stop);
      i = stop;
    }
  }
  return out;
}

/**
 * HTML from the server as React elements, through an allowlist: known text elements keep their shape,
 * every attribute goes (links keep a checked `href`), and scripts, styles, frames, forms and images
 * are dropped with their content. Parsing happens in an inert document: nothing loads or runs.
 */
export function sanitizeHtml(html: string): ReactNode[] {
  if (typeof DOMParser === 'undefined' || !html) return [];
  const document = new DOMParser().parseFromString(disarmHandlers(html), 'text/html');
  return Array.from(document.body.childNodes, (node, index) => toReact(node, String(index)));
}

const subscribeNever = () => () => {};

/**
 * Server HTML (descriptions, answers, policies) shown safely. It is parsed in the browser only (an
 * inert document): a page rendered on a server draws it after hydration, never as a mismatch.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const inBrowser = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const nodes = useMemo(() => (inBrowser ? sanitizeHtml(html) : []), [html, inBrowser]);
  return (
    <div data-slot="rich-text" className={className}>
      {nodes}
    </div>
  );
}
