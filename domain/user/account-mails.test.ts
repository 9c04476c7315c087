import { describe, expect, it } from 'vitest';
import { accountMail } from './account-mails';

describe('account mails', () => {
  it('links the reset page with the token in text and HTML', () => {
    const m = accountMail('password_reset', 'Ann', 'https://fans.example', 'tok');
    expect(m.subject).toBe('Reset your password');
    expect(m.text).toContain('\n\nhttps://fans.example/change-password/tok\n\n');
    expect(m.html).toContain('<a href="https://fans.example/change-password/tok">');
  });

  it('escapes the name in HTML only, and greets without a name', () => {
    const m = accountMail('email_change', '<b>Ann</b>', 'http://localhost', 't');
    expect(m.html.startsWith('<p>Hello &lt;b&gt;Ann&lt;/b&gt;,</p>')).toBe(true);
    expect(m.text.startsWith('Hello <b>Ann</b>,')).toBe(true);
    expect(accountMail('opt_in', '', 'http://localhost', 't').text.startsWith('Hello,\n')).toBe(true);
  });
});
