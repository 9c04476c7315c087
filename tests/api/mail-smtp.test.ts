// Real mail: a real SMTP server (smtp-server on 127.0.0.1, a free port) receives the password-reset mail that
// nodemailer sends; the test follows the link (check_token, then reset_password as the reset page does) and
// logs in with the new password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp';
import { startTestServer, type TestServer } from '../support/server';
import { untypedTables } from '../support/tables';

describe('password reset through a real SMTP server', () => {
  let smtp: SmtpCapture;
  let t: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestServer('pglite', { SMTP_URL: smtp.url, FANCLUB_PUBLIC_URL: 'https://fans.example.test/', MAIL_FROM: 'Fanclub <no-reply@fans.example.test>' });
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const waitForMail = (to: string) => smtp.waitForMail(to);

  it('delivers the reset link by SMTP; following it resets the password and logs in', async () => {
    const reg = await t.call('POST', '/api/users/register', { name: 'Smtp Fan', email: 'smtp.fan@example.com', password: 'old password 123' });
    expect(reg.status).toBe(201);
    const oldSession = reg.body.data.token as string;

    const r = await t.call('POST', '/api/users/forgot_password', { email: 'smtp.fan@example.com' });
    expect(r.body).toMatchObject({ success: 1, message: 'A password reset link was just emailed to you.' });
    const mail = await waitForMail('smtp.fan@example.com');
    expect(mail.from).toBe('no-reply@fans.example.test');
    const text = mail.text;
    expect(text).toMatch(/^Subject: Reset your password/m);
    const link = /https:\/\/fans\.example\.test\/change-password\/([A-Za-z0-9_-]{43})/.exec(text);
    expect(link, text).not.toBeNull();
    const token = link![1];

    // The outbox row records the delivery once the server's answer is back (the mail can reach the server first).
    const statuses = async () => (await untypedTables(t.server.services.database).withSchema('app').selectFrom('outbox').selectAll().where('to', '=', 'smtp.fan@example.com').execute()).map((row: any) => row.status);
    await expect.poll(statuses, { timeout: 10_000 }).toEqual(['sent']);

    // Unknown addresses get the same answer and no mail.
    const unknown = await t.call('POST', '/api/users/forgot_password', { email: 'nobody@example.com' });
    expect(unknown.body).toEqual(r.body);

    // Follow the link: the page checks the token, then sends the new password.
    expect((await t.call('POST', `/api/users/check_token/${token}`)).body).toEqual({ success: 1, data: { valid: true } });
    const reset = await t.call('POST', '/api/users/reset_password', { token, password: 'new password 456' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.message).toBe('Password updated successfully.');
    expect(reset.body.data.user.email).toBe('smtp.fan@example.com');
    const me = await t.call('GET', '/api/users/me', undefined, { token: reset.body.data.token });
    expect(me.status).toBe(200);
    expect((await t.call('GET', '/api/users/me', undefined, { token: oldSession })).status).toBe(401);

    const login = await t.call('POST', '/api/users/login', { email: 'smtp.fan@example.com', password: 'new password 456' });
    expect(login.status).toBe(200);
    expect((await t.call('POST', '/api/users/login', { email: 'smtp.fan@example.com', password: 'old password 123' })).status).toBe(400);
    expect((await t.call('POST', '/api/users/reset_password', { token, password: 'third password 789' })).body.message).toBe('Invalid token.');

    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.received.filter((m) => m.to.includes('nobody@example.com'))).toEqual([]);
  });
});
