// Server side of the HTML policy (domain/shared/html-policy.ts): DOMPurify on a jsdom window, made on first use
// (jsdom is slow to load and most processes never save HTML).
import { createRequire } from 'node:module';
import createDOMPurify from 'dompurify';
import type { JSDOM as JSDOMType } from 'jsdom';
import { htmlSanitizer, type PurifierLike } from '../../domain/shared/html-policy';

let clean: ((html: string) => string) | null = null;

/** The snippet with everything outside the policy removed. */
export function sanitizeHtml(html: string): string {
  if (!clean) {
    // Loaded here, not imported: jsdom takes about a second to load, which every start-up would otherwise pay.
    const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: typeof JSDOMType };
    const { window } = new JSDOM('');
    clean = htmlSanitizer(createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]) as unknown as PurifierLike);
  }
  return clean(html);
}
