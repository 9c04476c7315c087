import { describe, expect, it } from 'vitest';
import { cleanHtmlSettings, isAllowedUrl, isHtmlSettingKey } from './html-policy';

describe('the HTML policy for links and images', () => {
  it.each([
    'https://example.com/a?b#c', 'http://example.com', 'HTTPS://EXAMPLE.COM', 'mailto:hello@example.com', 'tel:+15551234567',
    '/terms', 'terms', './a', '../a', '#top', '?q=1', '//cdn.example.com/x.png', '  https://example.com  ', '',
  ])('keeps %j', (url) => expect(isAllowedUrl(url)).toBe(true));

  it.each([
    'javascript:alert(1)', 'JaVaScRiPt:alert(1)', '\u0001javascript:alert(1)', ' \u000e javascript:alert(1)', 'java\tscript:alert(1)',
    'java\nscript:alert(1)', 'java\rscript:alert(1)', 'java\u0000script:alert(1)', 'java\u200bscript:alert(1)', 'vbscript:x',
    'data:text/html,<script>alert(1)</script>', 'data:image/png;base64,AAAA', 'file:///etc/passwd', 'blob:https://x/1', '\\\\evil.example',
    'javascript\u0000:alert(1)',
  ])('drops %j', (url) => expect(isAllowedUrl(url)).toBe(false));

  it('knows which settings hold HTML', () => {
    expect(isHtmlSettingKey('footer_text_html')).toBe(true);
    expect(isHtmlSettingKey('maintenance_html')).toBe(true);
    expect(isHtmlSettingKey('model_name')).toBe(false);
  });

  it('cleans only the *_html settings of a change, with the cleaner it is given', () => {
    const clean = (html: string) => `[${html}]`;
    expect(cleanHtmlSettings({ footer_text_html: '<b>x</b>', maintenance_html: null, model_name: '<b>y</b>' }, clean))
      .toEqual({ footer_text_html: '[<b>x</b>]', maintenance_html: null, model_name: '<b>y</b>' });
  });
});
