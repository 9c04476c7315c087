import { describe, expect, it } from 'vitest';
import { headTags, robotsTxt, sitemapXml, withHead } from './seo';

const head = { title: 'Mia', description: 'Photos & "more"', image: '/media/theme/x.png', noindex: false, language: 'pt-BR', baseUrl: 'https://fans.example.com/', path: '/tips' };

describe('SEO tags, sitemap and robots (CO-07)', () => {
  it('builds escaped head tags with absolute links', () => {
    const tags = headTags({ ...head, title: '<script>alert(1)</script>' });
    expect(tags).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(tags).not.toContain('<script>');
    expect(tags).toContain('<meta name="description" content="Photos &amp; &quot;more&quot;" />');
    expect(tags).toContain('<meta property="og:image" content="https://fans.example.com/media/theme/x.png" />');
    expect(tags).toContain('<link rel="canonical" href="https://fans.example.com/tips" />');
    expect(tags).toContain('<meta property="og:locale" content="pt_BR" />');
    expect(tags).toContain('summary_large_image');
    expect(tags).not.toContain('noindex');
    expect(headTags({ ...head, noindex: true, image: null, description: '' })).toContain('<meta name="robots" content="noindex, nofollow" />');
  });

  it('replaces the built title and sets the language of the page', () => {
    const html = '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Fanclub</title></head><body></body></html>';
    const out = withHead(html, head);
    expect(out).toContain('<html lang="pt-BR">');
    expect(out).not.toContain('<title>Fanclub</title>');
    expect(out.match(/<title>/g)).toHaveLength(1);
    // A $ in a setting is text, not a replacement pattern.
    expect(withHead(html, { ...head, title: 'Only $& $1' })).toContain('<title>Only $&amp; $1</title>');
  });

  it('lists entries in a sitemap and writes robots.txt for both switches', () => {
    const xml = sitemapXml('https://fans.example.com', [{ path: '/' }, { path: '/feed/a&b', lastmod: '2026-11-01T10:00:00.000Z' }]);
    expect(xml).toContain('<loc>https://fans.example.com/</loc>');
    expect(xml).toContain('<url><loc>https://fans.example.com/feed/a&amp;b</loc><lastmod>2026-11-01</lastmod></url>');
    expect(robotsTxt('https://fans.example.com', true)).toBe('User-agent: *\nDisallow: /\n');
    expect(robotsTxt('https://fans.example.com', false)).toContain('Sitemap: https://fans.example.com/sitemap.xml');
  });
});
