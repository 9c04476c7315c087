// Creator- and staff-written HTML (footer_text_html, the maintenance page) is cleaned with DOMPurify under the
// shared policy (domain/shared/html-policy.ts) before it is shown. The server cleans it when it is saved too;
// this second pass covers HTML saved before that, and anything the server's parser reads differently.
import DOMPurify from 'dompurify';
import { htmlSanitizer } from '../../domain/shared/html-policy';

let clean: ((html: string) => string) | null = null;

export function sanitizeHtml(html: string): string {
  if (typeof window === 'undefined' || !DOMPurify.isSupported) return '';
  clean ??= htmlSanitizer(DOMPurify);
  return clean(html);
}
