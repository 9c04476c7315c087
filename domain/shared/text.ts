// Which text the site accepts at all, whatever the field: the rule behind the one boundary check of every
// request (api/text-guard.ts). Postgres refuses U+0000 and unpaired surrogates in jsonb, browsers and mail
// clients treat control characters unpredictably, and none of them is ever typed by a person on purpose.
// Pure: the API applies it to the parsed body, query and route params before any route runs.

/** The message of a refused field, in the envelope's words: `field` is named, nothing else is said. */
export const textNotAllowed = (field: string) => `${field} contains characters that are not allowed.`;
export const nestedTooDeeply = (field: string) => `${field} is nested too deeply.`;

/** No request the apps send nests deeper than a few levels; a deeper one is refused before any code walks it. */
export const MAX_DEPTH = 32;

/**
 * Fields written over several lines (captions, descriptions, chat and tip messages, comments, notes, bios, the
 * HTML settings, banner texts): there, and only there, tab, line feed and carriage return are allowed. Matched on the last
 * name of the field's path, so `media.0.description` and `theme3_section1_description` are multi-line too.
 */
const MULTI_LINE = /^(?:.*_)?(?:html|description|caption|comment|message|tipMessage|reason|note|notes|bio|about|text)$/;

export function isMultiLineField(field: string): boolean {
  const last = field.split('.').filter((p) => !/^\d+$/.test(p)).pop() ?? '';
  return MULTI_LINE.test(last);
}

/**
 * Index of the first refused character in `s`, or -1: C0 controls U+0000–U+001F (tab, LF and CR allowed when
 * `multiLine`), DEL U+007F, and UTF-16 surrogates that are not part of a pair.
 */
export function refusedCharacterAt(s: string, multiLine: boolean): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20) {
      if (multiLine && (c === 0x09 || c === 0x0a || c === 0x0d)) continue;
      return i;
    }
    if (c === 0x7f) return i;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return i;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return i;
  }
  return -1;
}

export interface TextProblem {
  /** The field's path as the API names fields (`name`, `media.0.description`); `root` when it is the whole input. */
  field: string;
  message: string;
}

/**
 * The first refused text in a parsed input (JSON body, query, route params): a string value with a refused
 * character, an object key with one (named by the object holding it), or nesting deeper than MAX_DEPTH.
 * Iterative, so a hostile depth cannot overflow the stack.
 */
export function firstTextProblem(input: unknown, root: string): TextProblem | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  const name = (path: string[]) => (path.length ? path.join('.') : root);
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const field = name(path);
      // A whole body that is text (a provider's signed notice, kept raw) may span lines.
      if (refusedCharacterAt(value, path.length === 0 || isMultiLineField(field)) >= 0) return { field, message: textNotAllowed(field) };
      continue;
    }
    if (!Array.isArray(value) && !isPlainObject(value)) continue; // a number, a raw upload's bytes, a stream
    if (path.length >= MAX_DEPTH) return { field: name(path), message: nestedTooDeeply(name(path)) };
    const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
    for (const [key] of entries) {
      if (refusedCharacterAt(key, false) >= 0) return { field: name(path), message: textNotAllowed(name(path)) };
    }
    // Children in order (the first problem is the first field), only strings and objects need a look.
    for (let i = entries.length - 1; i >= 0; i--) {
      const child = entries[i][1];
      if (typeof child === 'string' || (child !== null && typeof child === 'object')) stack.push({ value: child, path: [...path, entries[i][0]] });
    }
  }
  return null;
}

/** Parsed JSON, a parsed query (its objects may have a prototype of their own without Object's) or params. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}
