import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, firstTextProblem, isMultiLineField, refusedCharacterAt, textNotAllowed } from './text';

describe('refusedCharacterAt', () => {
  it.each(['Fan', 'Zoë 🎉', 'emoji pair \ud83d\ude00 kept', '', 'tab-free text with ümlauts and 中文', '\u0080\u00a0\u2028'])('accepts %j', (s) => {
    expect(refusedCharacterAt(s, false)).toBe(-1);
  });

  it.each([
    ['\u0000', 0],
    ['ab\u0001', 2],
    ['a\u001f', 1],
    ['a\u007f', 1],
    ['\ud800', 0],
    ['x\ud800y', 1],
    ['\udc00', 0],
    ['\ude00\ud83d', 0],
    ['ok\ud83d', 2],
  ])('refuses %j at %i', (s, at) => {
    expect(refusedCharacterAt(s, false)).toBe(at);
    expect(refusedCharacterAt(s, true)).toBe(at);
  });

  it('allows tab, line feed and carriage return only in multi-line text', () => {
    for (const c of ['\t', '\n', '\r']) {
      expect(refusedCharacterAt(`line${c}next`, true)).toBe(-1);
      expect(refusedCharacterAt(`line${c}next`, false)).toBe(4);
    }
    expect(refusedCharacterAt('line\u000bnext', true)).toBe(4);
  });
});

describe('isMultiLineField', () => {
  it.each(['description', 'caption', 'message', 'tipMessage', 'comment', 'footer_text_html', 'maintenance_html', 'theme3_section1_description', 'media.0.description', 'other_reason', 'notes', 'bio', 'model_bio', 'repeat_message', 'text', 'banner_text'])(
    '%s is multi-line',
    (f) => expect(isMultiLineField(f)).toBe(true),
  );
  it.each(['name', 'email', 'password', 'id', 'sort', 'filter', 'model_name', 'html_title', 'messageId', 'banner_text_color'])('%s is single-line', (f) =>
    expect(isMultiLineField(f)).toBe(false),
  );
});

describe('firstTextProblem', () => {
  it('passes ordinary input', () => {
    expect(firstTextProblem({ name: 'Fan', tags: ['a', 'b'], n: 3, ok: true, none: null, nested: { description: 'two\nlines' } }, 'body')).toBeNull();
    expect(firstTextProblem(undefined, 'body')).toBeNull();
    expect(firstTextProblem(42, 'body')).toBeNull();
  });

  it('names the field of a refused value, as the API names fields', () => {
    expect(firstTextProblem({ email: 'a@b.co', name: 'x\u0000' }, 'body')).toEqual({ field: 'name', message: textNotAllowed('name') });
    expect(firstTextProblem({ media: [{ description: 'ok' }, { description: '\ud800' }] }, 'body')).toEqual({ field: 'media.1.description', message: textNotAllowed('media.1.description') });
    expect(firstTextProblem({ name: 'new\nline' }, 'body')?.field).toBe('name');
    expect(firstTextProblem('\u0000', 'body')?.field).toBe('body');
    expect(firstTextProblem('{"raw":\n"notice"}', 'body')).toBeNull();
  });

  it('walks objects without Object\'s prototype (parsed queries and params) and skips raw bytes', () => {
    function Empty() {}
    Empty.prototype = Object.create(null);
    const query = new (Empty as unknown as new () => Record<string, unknown>)();
    query.q = '\u0000';
    expect(firstTextProblem(query, 'query')?.field).toBe('q');
    expect(firstTextProblem(Object.assign(Object.create(null), { id: 'a\u0000' }), 'params')?.field).toBe('id');
    expect(firstTextProblem(Buffer.from([0, 1, 2]), 'body')).toBeNull();
  });

  it('reports the first problem in field order', () => {
    expect(firstTextProblem({ a: 'ok', b: '\u0001', c: '\u0000' }, 'body')?.field).toBe('b');
  });

  it('refuses a key with a refused character, naming the object that holds it', () => {
    expect(firstTextProblem({ 'na\u0000me': 'Fan' }, 'body')).toEqual({ field: 'body', message: textNotAllowed('body') });
    expect(firstTextProblem({ filter: { 'q\ud800': 'x' } }, 'query')?.field).toBe('filter');
  });

  it('refuses nesting deeper than MAX_DEPTH without overflowing the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(firstTextProblem(deep, 'body')?.message).toMatch(/is nested too deeply\.$/);
    let ok: unknown = 'x';
    for (let i = 0; i < MAX_DEPTH; i++) ok = { a: ok };
    expect(firstTextProblem(ok, 'body')).toBeNull();
  });
});
