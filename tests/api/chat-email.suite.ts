// Runs on one back end (PGlite, chat-email.pglite.test.ts): what it tests does not depend on the event store or read-model database.
// Chat emails through a real SMTP server: a fan who leaves staff messages unread past the grace period is
// emailed once for the streak (never the message text), later messages in the same streak add nothing, reading
// the chat starts a new streak, the fan's `messages` switch (update_user_chat_email_notifications) turns it off,
// two passes at once still send one email, and a rebuild reproduces the conversation rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { CHAT_EMAIL_GRACE_MS } from '../../domain/chat/chat-email';
import { startChatEmails } from '../../commands/chat-emails';
import { chatEmailsDue } from '../../projections/chat-conversations';
import { currentSettings } from '../../projections/settings';
import { rebuildReadModels } from '../../projections/rebuild';
import { allProjections } from '../../projections';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';

export function chatEmailSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`chat emails (${backend})`, () => {
    let smtp: SmtpCapture;
    let t: TestServer;
    let admin: string;
    let offsetMs = 0;
    const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});
    const settle = async () => {
      const h = await t.server.services.store.headPosition();
      if (h) expect(await t.server.services.runner.waitFor(h, 60_000)).toBe(true);
    };
    const later = (ms: number) => {
      offsetMs += ms;
    };
    const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
    let n = 0;
    const fan = async (label: string) => {
      const email = `mail.${label}.${++n}@example.com`;
      const r = await post('/api/users/register', { name: `Mail ${label}`, email, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const f = { token: r.body.data.token as string, id: r.body.data.userId as string, email };
      expect((await post('/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, f.token)).body.data.accepted).toBe(true);
      return f;
    };
    const say = async (fanId: string, message: string) => {
      const r = await post('/api/chat/send_message', { receiver: fanId, message }, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      await settle();
    };
    const tick = async () => {
      await settle();
      const sent = await t.server.chatEmails.tick();
      await settle();
      return sent;
    };

    beforeAll(async () => {
      smtp = await startSmtpCapture();
      t = await startTestServer(backend, { SMTP_URL: smtp.url, FANCLUB_PUBLIC_URL: 'https://fans.example.test/', MAIL_FROM: 'Fanclub <no-reply@fans.example.test>' });
      t.server.services.clock = () => new Date(Date.now() + offsetMs);
      admin = (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    it('emails once per unread streak after the grace period, without the message text; reading starts a new streak', async () => {
      const f = await fan('streak');
      await say(f.id, 'A secret only the chat shows');
      // Within the grace period nothing goes.
      expect(await tick()).toBe(0);
      later(CHAT_EMAIL_GRACE_MS + 1000);
      expect(await tick()).toBe(1);
      const mail = await smtp.waitForMail(f.email);
      const creator = (await currentSettings(t.server.services.database.db)).model_name;
      expect(mail.text).toMatch(new RegExp(`^Subject: ${creator} sent you a new message`, 'm'));
      expect(mail.text).toContain('Hi Mail streak,');
      expect(mail.text).toContain('https://fans.example.test/private-chat');
      expect(mail.text).not.toContain('A secret only the chat shows');
      // More messages in the same streak: no second email, however long it waits.
      await say(f.id, 'And another');
      later(CHAT_EMAIL_GRACE_MS * 4);
      expect(await tick()).toBe(0);
      expect(mailsTo(f.email)).toHaveLength(1);
      // The fan reads the chat; a new message starts a new streak, emailed after its own grace period.
      expect((await post('/api/chat/read_message_user', {}, f.token)).status).toBe(200);
      await say(f.id, 'Back again');
      await say(f.id, 'Twice');
      expect(await tick()).toBe(0);
      later(CHAT_EMAIL_GRACE_MS + 1000);
      expect(await tick()).toBe(1);
      await smtp.waitForMail(f.email, /sent you 2 new messages/);
      expect(mailsTo(f.email)).toHaveLength(2);
      // The stream records each email, without any address or text.
      const events = (await t.server.services.store.readStream(`chat-${f.id}`)).filter((e) => e.type === 'ChatEmailNotified');
      expect(events).toHaveLength(2);
      expect(JSON.stringify(events)).not.toContain('@');
    });

    it('a fan who read within the grace period, or whose switch is off, is not emailed; switching it on mails the open streak', async () => {
      const reader = await fan('reader');
      const quiet = await fan('quiet');
      const off = await post('/api/admin/update_user_chat_email_notifications', { user_id: quiet.id, enabled: false }, admin);
      expect(off.status, JSON.stringify(off.body)).toBe(200);
      await say(reader.id, 'Hello reader');
      await say(quiet.id, 'Hello quiet');
      expect((await post('/api/chat/read_message_user', {}, reader.token)).status).toBe(200);
      later(CHAT_EMAIL_GRACE_MS + 1000);
      expect(await tick()).toBe(0);
      expect(mailsTo(reader.email)).toHaveLength(0);
      expect(mailsTo(quiet.email)).toHaveLength(0);
      expect((await post('/api/admin/update_user_chat_email_notifications', { user_id: quiet.id, enabled: true }, admin)).status).toBe(200);
      expect(await tick()).toBe(1);
      expect(mailsTo(quiet.email)).toHaveLength(1);
    });

    it('two passes at once (two nodes) send one email per fan', async () => {
      const fans = await Promise.all(['p1', 'p2', 'p3'].map((l) => fan(l)));
      for (const f of fans) await say(f.id, 'Racing');
      later(CHAT_EMAIL_GRACE_MS + 1000);
      await settle();
      const { store, database } = t.server.services;
      const other = startChatEmails({
        store, timer: false, now: () => t.server.services.clock(), siteUrl: () => 'https://fans.example.test',
        reads: { due: (cutoff, limit) => chatEmailsDue(database.db, cutoff, limit), creatorName: async () => 'Other node' },
        send: (mail) => t.server.services.mailer.send(mail),
      });
      const [a, b] = await Promise.all([t.server.chatEmails.tick(), other.tick()]);
      await other.stop();
      expect(a + b).toBe(3);
      for (const f of fans) expect(mailsTo(f.email), f.email).toHaveLength(1);
      await settle();
      expect(await tick()).toBe(0);
    });

    it('a rebuild reproduces the conversation rows, the email marks included', async () => {
      await settle();
      const db = t.server.services.database.db;
      const rows = async () => (await db.withSchema('rm').selectFrom('chat_conversations').selectAll().orderBy('fan_id').execute()).map((r) => JSON.stringify(r));
      const before = await rows();
      expect(before.some((r) => r.includes('"emailed_for":') && !r.includes('"emailed_for":null'))).toBe(true);
      await rebuildReadModels({ database: t.server.services.database, store: t.server.services.store, projections: allProjections });
      expect(await rows()).toEqual(before);
    });
  });
}
