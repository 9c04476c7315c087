// Minimal HTML sanitiser for creator-provided snippets (footer_text_html, the maintenance page). Keeps simple formatting and links.
const ALLOWED = new Set(['A', 'B', 'STRONG', 'I', 'EM', 'U', 'P', 'BR', 'SPAN', 'DIV', 'SMALL', 'UL', 'OL', 'LI', 'IMG', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HR', 'BLOCKQUOTE']);
const ALLOWED_ATTRS = new Set(['href', 'title', 'target', 'rel', 'src', 'alt', 'width', 'height', 'style', 'class']);

export function sanitizeHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return '';
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html');
  const root = doc.body.firstElementChild;
  if (!root) return '';
  const walk = (el: Element) => {
    for (const child of Array.from(el.children)) {
      if (!ALLOWED.has(child.tagName)) {
        if (['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'FORM', 'INPUT', 'TEXTAREA', 'BUTTON'].includes(child.tagName)) {
          child.remove();
          continue;
        }
        // Unwrap unknown elements, keeping their text.
        walk(child);
        child.replaceWith(...Array.from(child.childNodes));
        continue;
      }
      for (const attr of Array.from(child.attributes)) {
        const name = attr.name.toLowerCase();
        const value = attr.value.trim().toLowerCase();
        if (!ALLOWED_ATTRS.has(name) || /^(javascript|vbscript|data):/.test(value.replace(/\s+/g, '')) || (name === 'style' && /url\(|expression/.test(value))) {
          child.removeAttribute(attr.name);
        }
      }
      if (child.tagName === 'A' && child.getAttribute('target') === '_blank') child.setAttribute('rel', 'noopener noreferrer');
      walk(child);
    }
  };
  walk(root);
  return root.innerHTML;
}
