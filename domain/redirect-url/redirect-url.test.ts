import { describe, expect, it } from 'vitest';
import { isSameSitePath, normalisePath, redirectUrlDecider, PATH_RULE, REDIRECT_EXISTS } from './redirect-url';

describe('redirect URLs', () => {
  it('accepts same-site paths only (open-redirect safe)', () => {
    for (const ok of ['/', '/membership', '/feed/abc?x=1#top', '/membership?from=insta&utm_source=ig']) expect(isSameSitePath(ok), ok).toBe(true);
    for (const bad of ['https://evil.com', '//evil.com', '/\\evil.com', '\\\\evil.com', 'javascript:alert(1)', 'membership', '/a b', '/a\tb', '/\u0000', '/../x', '/./x', '/' + 'a'.repeat(600), ''])
      expect(isSameSitePath(bad), bad).toBe(false);
  });

  it('normalises paths: leading slash dropped, lowercase, letters digits and dashes, not a page of the site', () => {
    expect(normalisePath('/Insta-Offer')).toBe('insta-offer');
    for (const bad of ['', '-x', 'x-', 'a/b', 'a.b', 'x'.repeat(61)]) expect(() => normalisePath(bad), bad).toThrow(PATH_RULE);
    expect(() => normalisePath('membership')).toThrow('is a page of the site already');
  });

  it('one redirect per path: create refuses an existing one, edit needs one, a redirect cannot lead to itself', () => {
    const d = redirectUrlDecider;
    const [saved] = d.decide({ type: 'Save', path: 'insta', target: '/membership', creating: true, at: 't' }, d.initialState());
    const state = d.evolve(d.initialState(), saved);
    expect(() => d.decide({ type: 'Save', path: 'insta', target: '/tips', creating: true, at: 't' }, state)).toThrow(REDIRECT_EXISTS);
    expect(() => d.decide({ type: 'Save', path: 'insta', target: '/tips', creating: false, at: 't' }, d.initialState())).toThrow('Redirect not found.');
    expect(d.decide({ type: 'Save', path: 'insta', target: '/membership', creating: false, at: 't' }, state)).toEqual([]);
    expect(() => d.decide({ type: 'Save', path: 'insta', target: '/insta?x=1', creating: false, at: 't' }, state)).toThrow('cannot lead to itself');
  });
});
