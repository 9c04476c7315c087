import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../settings/settings';
import { checkTestMailSent, testMail } from './email-config';
import { csvExportsFor, fanHead, siteBaseUrl, sitemapEntries, storageSettingsView } from './views';

describe('site configuration answers', () => {
  it('the public address: the platform setting, else FANCLUB_PUBLIC_URL without its trailing slash, else the request', () => {
    expect(siteBaseUrl('https://fans.example.com', 'https://env.example.com/', 'http://host:3000')).toBe('https://fans.example.com');
    expect(siteBaseUrl('', 'https://env.example.com//', 'http://host:3000')).toBe('https://env.example.com');
    expect(siteBaseUrl('', undefined, 'http://host:3000')).toBe('http://host:3000');
  });
  it('the head falls back to the creator; the sitemap lists the app pages, found content pages, then posts', () => {
    const s = { ...DEFAULT_SETTINGS, model_name: 'Ana', model_avatar_url: '/media/theme/a.png' };
    expect(fanHead(s, 'https://x', '/join')).toMatchObject({ title: 'Ana', image: '/media/theme/a.png', path: '/join' });
    const entries = sitemapEntries(s, [{ id: 'p1', publishedAt: '2026-03-01T00:00:00.000Z' }]);
    expect(entries.slice(0, 3)).toEqual([{ path: '/' }, { path: '/join' }, { path: '/tips' }]);
    expect(entries.at(-1)).toEqual({ path: '/feed/p1', lastmod: '2026-03-01T00:00:00.000Z' });
    expect(entries.some((e) => e.path === '/service-stopped')).toBe(false);
  });
  it('storage shows whether credentials are set, never them; the CSV page lists what the role may download', () => {
    expect(storageSettingsView({ bucket: 'b', region: 'r', accessKeyId: 'AKIA', forcePathStyle: true }, 50)).toMatchObject({ storage: 's3', credentials: 'set' });
    expect(storageSettingsView(null, 50)).toMatchObject({ storage: 'local', credentials: null, max_upload_mb: 50 });
    expect(csvExportsFor('admin').map((e) => e.resource)).toContain('contact-messages');
    expect(csvExportsFor('user')).toEqual([]);
  });
  it('a test mail names the server it goes through and must go out now', () => {
    expect(testMail('a@b.c', 'Ana', { source: 'console', host: 'smtp.x', port: 587 }).text).toContain('through smtp.x:587,');
    expect(testMail('a@b.c', 'Ana', { source: 'environment', host: '', port: 587 }).subject).toBe('Test mail from Ana');
    expect(() => checkTestMailSent({ status: 'queued' })).toThrow('No mail server is set: the mail waits in the Outbox. Save a server above first.');
    expect(() => checkTestMailSent({ status: 'failed', error: 'auth' })).toThrow('The mail server refused the test mail: auth');
    expect(() => checkTestMailSent({ status: 'sent' })).not.toThrow();
  });
});
