import { describe, expect, it } from 'vitest';
import { appIconBackground, appIconInner, appIconMonogram, appIconOf, appIconSignature, shortAppName, webAppManifest } from './app-manifest';

describe('the installable app', () => {
  const look = { model_name: 'Anna Example Creator', model_avatar_url: '/media/a.jpg?sig=1&exp=2', theme_color: '#112233' };

  it('the manifest names the creator (short name 12 letters) and lists both icon kinds at 192 and 512', () => {
    const m = webAppManifest(look);
    expect(m).toMatchObject({ name: 'Anna Example Creator', short_name: 'Anna Example', description: 'Anna Example Creator — the official fan site', theme_color: '#112233', start_url: '/?source=pwa' });
    expect(m.icons.map((i) => i.src.split('?')[0])).toEqual(['/app-icons/icon-192.png', '/app-icons/maskable-192.png', '/app-icons/icon-512.png', '/app-icons/maskable-512.png']);
    expect(m.icons.every((i) => i.src.endsWith(`?v=${appIconSignature(look)}`))).toBe(true);
    expect(webAppManifest({ ...look, model_name: '' }).name).toBe('Fanclub');
  });

  it("an icon's signature ignores the avatar link's short-lived signature, and changes with the picture, name or colour", () => {
    const sig = appIconSignature(look);
    expect(appIconSignature({ ...look, model_avatar_url: '/media/a.jpg?sig=9&exp=9' })).toBe(sig);
    expect(appIconSignature({ ...look, model_avatar_url: '/media/b.jpg' })).not.toBe(sig);
    expect(appIconSignature({ ...look, model_name: 'Other' })).not.toBe(sig);
    expect(appIconSignature({ ...look, theme_color: '#000000' })).not.toBe(sig);
    expect(appIconSignature({ ...look, model_avatar_url: null })).toMatch(/^[0-9a-z]+$/);
  });

  it('only our four icon files are icons', () => {
    expect(appIconOf('maskable-512.png')).toEqual({ purpose: 'maskable', size: 512 });
    expect(appIconOf('icon-192.png')).toEqual({ purpose: 'icon', size: 192 });
    for (const f of ['evil.svg', 'icon-256.png', 'icon-192.png.svg', '../icon-192.png']) expect(appIconOf(f)).toBeNull();
  });

  it('a maskable icon keeps a margin; a colour that is not #rrggbb falls back; the monogram is the escaped initial', () => {
    expect(appIconInner({ purpose: 'maskable', size: 512 })).toBe(410);
    expect(appIconInner({ purpose: 'icon', size: 192 })).toBe(192);
    expect(appIconBackground('#aBc123')).toBe('#aBc123');
    expect(appIconBackground('red"/><script>')).toBe('#e91e63');
    const svg = appIconMonogram(' anna', '#112233', { purpose: 'icon', size: 192 });
    expect(svg).toContain('>A</text>');
    expect(svg).toContain('width="192"');
    expect(svg).toContain('font-size="106"');
    expect(appIconMonogram('<b>', '#112233', { purpose: 'icon', size: 192 })).toContain('></text>');
    expect(appIconMonogram('   ', '#112233', { purpose: 'icon', size: 192 })).toContain('>F</text>');
  });

  it('the short name never cuts a word: leading words that fit, else initials, else the one long word', () => {
    expect(shortAppName('Fanclub Creator')).toBe('Fanclub');
    expect(shortAppName('Anna Example Creator')).toBe('Anna Example');
    expect(shortAppName('  Mia   Rose ')).toBe('Mia Rose');
    expect(shortAppName('Maria Fernanda Bellucci')).toBe('Maria');
    expect(shortAppName('Bartholomewzz Quinn')).toBe('BQ');
    expect(shortAppName('Supercalifragilistic')).toBe('Supercalifragilistic');
    expect(shortAppName('')).toBe('Fanclub');
    expect(shortAppName('Exactly Twlv')).toBe('Exactly Twlv');
    for (const name of ['Fanclub Creator', 'Anna Example Creator', 'Maria Fernanda Bellucci', 'Bartholomewzz Quinn']) {
      const short = shortAppName(name);
      expect(short.length).toBeLessThanOrEqual(12);
      // Every word of the short name is a whole word of the name, or it is the initials.
      expect(short.split(' ').every((w) => name.split(/\s+/).includes(w)) || /^[A-Z]+$/.test(short)).toBe(true);
    }
    expect(webAppManifest({ ...look, model_name: 'Fanclub Creator' }).short_name).toBe('Fanclub');
  });
});
