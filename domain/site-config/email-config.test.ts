import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { emailConfigDecider, emailConfigView, EMAIL_CONFIG_MESSAGES, type EmailConfigEvent } from './email-config';

const config = { host: 'smtp.example.com', port: 587, security: 'starttls' as const, username: 'club', from_email: 'club@example.com', from_name: 'The Club' };
const setEvent = (extra: object = {}): EmailConfigEvent => ({ type: 'EmailConfigurationSet', data: { ...config, ...extra } });

describe('emailConfigDecider (CO-04)', () => {
  it('records a configuration with its sealed password', () => {
    const s = given(emailConfigDecider).when({ type: 'SetEmailConfiguration', config, password: { sealed: 'v1.iv.body' } }).then([setEvent({ password_sealed: 'v1.iv.body' })]);
    expect(s.config?.password_sealed).toBe('v1.iv.body');
  });

  it('keeps the stored password when the save carries none, and removes it when asked', () => {
    const s = given(emailConfigDecider, [setEvent({ password_sealed: 'v1.a.b' })])
      .when({ type: 'SetEmailConfiguration', config: { ...config, port: 465, security: 'tls' }, password: { keep: true } })
      .then([setEvent({ port: 465, security: 'tls' })]);
    expect(s.config?.password_sealed).toBe('v1.a.b');
    const cleared = given(emailConfigDecider, [setEvent({ password_sealed: 'v1.a.b' })]).when({ type: 'SetEmailConfiguration', config, password: { clear: true } }).then([setEvent({ password_sealed: null })]);
    expect(cleared.config?.password_sealed).toBeNull();
  });

  it('writes nothing when nothing changes', () => {
    given(emailConfigDecider, [setEvent({ password_sealed: 'v1.a.b' })]).when({ type: 'SetEmailConfiguration', config, password: { keep: true } }).then([]);
    given(emailConfigDecider, [setEvent({ password_sealed: null })]).when({ type: 'SetEmailConfiguration', config, password: { clear: true } }).then([]);
  });

  it('names the field of a bad value', () => {
    const when = (patch: object) => given(emailConfigDecider).when({ type: 'SetEmailConfiguration', config: { ...config, ...patch }, password: { keep: true } });
    expect(when({ host: 'bad host' }).thenThrows(EMAIL_CONFIG_MESSAGES.host, { code: 'VALIDATION' }).details).toEqual({ field: 'host' });
    when({ port: 0 }).thenThrows(EMAIL_CONFIG_MESSAGES.port);
    when({ port: 1.5 }).thenThrows(EMAIL_CONFIG_MESSAGES.port);
    when({ from_email: 'x' }).thenThrows(EMAIL_CONFIG_MESSAGES.from);
    when({ from_name: 'A\nBcc: b@c.d' }).thenThrows(EMAIL_CONFIG_MESSAGES.fromName);
    when({ username: 'a\r\nb' }).thenThrows(EMAIL_CONFIG_MESSAGES.username);
    for (const host of ['127.0.0.1', 'mail', 'smtp.eu-1.example.co.uk', '[::1]']) given(emailConfigDecider).when({ type: 'SetEmailConfiguration', config: { ...config, host }, password: { keep: true } }).then([setEvent({ host })]);
  });

  it('clears back to the environment; clearing nothing is 404', () => {
    const s = given(emailConfigDecider, [setEvent({ password_sealed: 'v1.a.b' })]).when({ type: 'ClearEmailConfiguration' }).then([{ type: 'EmailConfigurationCleared', data: {} }]);
    expect(s.config).toBeNull();
    given(emailConfigDecider).when({ type: 'ClearEmailConfiguration' }).thenThrows(EMAIL_CONFIG_MESSAGES.nothing, { status: 404 });
  });

  it('the view says whether a password is set, never what it is (sealed or not)', () => {
    const state = given(emailConfigDecider, [setEvent({ password_sealed: 'v1.secret.cipher' })]).state;
    const view = emailConfigView(state, { smtpUrlSet: true });
    expect(view).toMatchObject({ source: 'console', password: 'set' });
    expect(JSON.stringify(view)).not.toContain('v1.secret.cipher');
    expect(emailConfigView({ config: null }, { smtpUrlSet: true })).toMatchObject({ source: 'environment', password: 'not set' });
    expect(emailConfigView({ config: null }, { smtpUrlSet: false }).source).toBe('outbox');
  });
});
