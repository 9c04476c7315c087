// What creator- and staff-written HTML (footer_text_html, maintenance_html, any setting named *_html) may contain.
// One policy for both sides: the server cleans the HTML when it is saved (infra/html/sanitize.ts) and the fan
// site cleans it again before showing it (web-fan/src/sanitize.ts), both with DOMPurify configured from here.

/** Simple formatting, links and images; no forms, frames, scripts, styles or SVG. */
export const HTML_ALLOWED_TAGS = [
  'a', 'b', 'strong', 'i', 'em', 'u', 's', 'p', 'br', 'span', 'div', 'small', 'ul', 'ol', 'li', 'img',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'blockquote',
] as const;

/** No event handlers and no `style` (a styled overlay can dress a link up as the site's own login). */
export const HTML_ALLOWED_ATTRS = ['href', 'title', 'target', 'rel', 'src', 'alt', 'width', 'height', 'class'] as const;

/** Attributes whose value is a URL, checked with {@link isAllowedUrl}. */
export const HTML_URL_ATTRS = ['href', 'src'] as const;

/** Schemes a link or image may use; anything else (javascript:, data:, vbscript:, …) is dropped. Relative URLs are allowed. */
export const HTML_ALLOWED_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/** The settings holding HTML: every key named *_html. */
export const isHtmlSettingKey = (key: string): boolean => key.endsWith('_html');

/**
 * Whether a URL attribute's value (already entity-decoded, as the DOM hands it over) is safe to keep.
 * The check follows the URL parser browsers use: leading and trailing C0 controls and spaces are dropped and
 * tabs and newlines vanish anywhere, so `&#1;javascript:` and `java&#9;script:` are still javascript:. Any
 * other control character left inside is refused outright rather than guessed at.
 */
export function isAllowedUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  const trimmed = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\u2060\ufeff]/.test(trimmed)) return false;
  // Backslashes count as slashes in http(s) URLs; refusing them keeps `\\evil` and `/\evil` out.
  if (trimmed.includes('\\')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed);
  if (!scheme) return true; // relative: path, ?query, #fragment or //host (same scheme as the page)
  return (HTML_ALLOWED_SCHEMES as readonly string[]).includes(scheme[1].toLowerCase());
}

/** The part of DOMPurify both sides use (structural, so domain/ imports no library). */
export interface PurifierLike {
  sanitize(html: string, config: Record<string, unknown>): unknown;
  addHook(name: 'uponSanitizeAttribute', hook: (node: Element, event: { attrName: string; attrValue: string; keepAttr: boolean }) => void): void;
  addHook(name: 'afterSanitizeAttributes', hook: (node: Element) => void): void;
}

/** DOMPurify settings for this policy; URL schemes are also held to an allow-list regex (defence in depth). */
export const HTML_PURIFY_CONFIG = {
  ALLOWED_TAGS: [...HTML_ALLOWED_TAGS],
  ALLOWED_ATTR: [...HTML_ALLOWED_ATTRS],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  RETURN_TRUSTED_TYPE: false,
};

/** Configures a DOMPurify instance with this policy and returns the function that cleans a snippet. */
export function htmlSanitizer(purify: PurifierLike): (html: string) => string {
  purify.addHook('uponSanitizeAttribute', (_node, event) => {
    if ((HTML_URL_ATTRS as readonly string[]).includes(event.attrName) && !isAllowedUrl(event.attrValue)) event.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    // A link opening a new tab must not hand the opened page a handle on this one.
    if (node.tagName === 'A' && node.getAttribute('target')) {
      if (node.getAttribute('target') !== '_blank') node.removeAttribute('target');
      else node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return (html: string) => String(purify.sanitize(html, HTML_PURIFY_CONFIG));
}

/** The same changes with every *_html value cleaned by `clean` (null and other kinds of value pass unchanged). */
export function cleanHtmlSettings<T extends Record<string, unknown>>(changes: T, clean: (html: string) => string): T {
  const out: Record<string, unknown> = { ...changes };
  for (const [key, value] of Object.entries(out)) if (isHtmlSettingKey(key) && typeof value === 'string') out[key] = clean(value);
  return out as T;
}
