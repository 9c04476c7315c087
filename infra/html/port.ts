// The HTML cleaner port: a snippet with everything outside the shared policy (domain/shared/html-policy.ts)
// removed. ./sanitize.ts implements it with DOMPurify on jsdom; commands get it as a parameter.
export type HtmlSanitizer = (html: string) => string;
