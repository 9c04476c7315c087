// Subscription emails through a real SMTP server: the settings call and its checks; a new member gets a
// welcome with the amount and the renewal date and the staff address hears of the new member; a cancellation mails
// both; switched-off mails are not sent, not even when switched on again later; two passes at once mail once;
// events older than a day are never mailed; a rebuild reproduces the queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startSubscriptionEmails } from '../../commands/subscription-emails';
import { subscriptionEmailsDue } from '../../projections/subscription-emails';
import { currentSettings } from '../../projections/settings';
import { findUser } from '../../projections/users';
import { rebuildReadModels } from '../../projections/rebuild';
import { allProjections } from '../../projections';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';
import { untypedTables } from '../support/tables';

export function subscriptionEmailSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`subscription emails (${backend})`, () => {
    let smtp: SmtpCapture;
    let t: TestServer;
    let admin: string;
    const ADMIN = 'owner.mails@fans.example.test';
    const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});
    const settle = async () => {
      const h = await t.server.services.store.headPosition();
      if (h) expect(await t.server.services.runner.waitFor(h, 60_000)).toBe(true);
    };
    const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
    const subject = (m: { text: string }) => /^Subject: (.*)$/m.exec(m.text)?.[1] ?? '';
    let n = 0;
    const member = async (label: string) => {
      const email = `sub.${label}.${++n}.${backend}@example.com`;
      const r = await post('/api/users/register', { name: `Sub ${label}`, email, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const f = { token: r.body.data.token as string, id: r.body.data.userId as string, email, name: `Sub ${label}` };
      expect((await post('/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, f.token)).body.data.accepted).toBe(true);
      await settle();
      return f;
    };
    const cancel = async (f: { token: string }) => {
      const r = await post('/api/v2/subscription/cancel-subscription', { cancellation_reason: 'Too expensive' }, f.token);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      await settle();
    };
    const tick = async () => {
      const sent = await t.server.subscriptionEmails.tick();
      await settle();
      return sent;
    };

    beforeAll(async () => {
      smtp = await startSmtpCapture();
      t = await startTestServer(backend, { SMTP_URL: smtp.url, FANCLUB_PUBLIC_URL: 'https://fans.example.test/', MAIL_FROM: 'Fanclub <no-reply@fans.example.test>', FANCLUB_ADMIN_EMAIL: ADMIN });
      admin = (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    it('the settings: defaults for the settings roles, bad input names the field and writes nothing, fans are refused', async () => {
      const r = await t.call('GET', '/api/settings/subscription-email-notification', undefined, { token: admin });
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({ enabled: true, fan_subscribed: true, fan_renewed: false, fan_cancelled: true, fan_payment_failed: true, staff_new_subscriber: true, staff_cancelled: true, staff_email: '', admin_email: ADMIN });
      const head = await t.server.services.store.headPosition();
      const bad = await post('/api/settings/subscription-email-notification', { staff_email: 'not an address' }, admin);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ field: 'staff_email', message: 'staff_email must be an email address.' });
      const unknown = await post('/api/settings/subscription-email-notification', { send_everything: true }, admin);
      expect(unknown.status).toBe(400);
      expect((await post('/api/settings/subscription-email-notification', { fan_renewed: 'yes' }, admin)).body.field).toBe('fan_renewed');
      expect(await t.server.services.store.headPosition()).toEqual(head);
      const f = (await post('/api/users/register', { name: 'Nosy', email: `nosy.${backend}@example.com`, password: 'fan password 1' })).body.data.token;
      expect((await t.call('GET', '/api/settings/subscription-email-notification', undefined, { token: f })).status).toBe(403);
      expect((await post('/api/settings/subscription-email-notification', { enabled: false }, f)).status).toBe(403);
      expect((await t.call('GET', '/api/settings/subscription-email-notification')).status).toBe(401);
    });

    it('a new member gets a welcome with the amount and renewal date; the staff address hears of the new member', async () => {
      const f = await member('welcome');
      expect(await tick()).toBe(2);
      const [welcome] = mailsTo(f.email);
      expect(subject(welcome!)).toBe("Welcome to Fanclub Creator's membership");
      expect(welcome!.text).toMatch(/Your membership has started \(\$\d+\.\d{2} charged\)\. It renews on [A-Z][a-z]+ \d+, \d{4}\./);
      expect(welcome!.text).toContain('https://fans.example.test/');
      expect(welcome!.from).toBe('no-reply@fans.example.test');
      const staff = mailsTo(ADMIN);
      expect(staff.map(subject)).toEqual([`New member: ${f.name}`]);
      expect(staff[0]!.text).toContain(f.email);
      // Nothing card-like in a mail.
      expect(welcome!.text).not.toMatch(/4242|\b\d{3}\b.*cvv/i);
      // A second pass has nothing left.
      expect(await tick()).toBe(0);
      const rows = await untypedTables(t.server.services.database).withSchema('app').selectFrom('outbox').selectAll().where('to', '=', f.email).execute();
      expect(rows.map((r: any) => r.status)).toEqual(['sent']);
    });

    it('a cancellation mails the fan (access until the end) and the staff address set in the settings', async () => {
      const saved = await post('/api/settings/subscription-email-notification', { staff_email: 'team@fans.example.test' }, admin);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.message).toBe('Subscription email settings saved.');
      const f = await member('cancel');
      await tick();
      await cancel(f);
      expect(await tick()).toBe(2);
      expect(mailsTo(f.email).map(subject)).toEqual(["Welcome to Fanclub Creator's membership", 'Your Fanclub Creator membership was cancelled']);
      expect(mailsTo(f.email)[1]!.text).toMatch(/You keep access until [A-Z][a-z]+ \d+, \d{4}\./);
      expect(mailsTo('team@fans.example.test').map(subject)).toEqual([`New member: ${f.name}`, `Membership cancelled: ${f.name}`]);
    });

    it('switched-off mails are not sent, and not later either; the master switch stops all', async () => {
      await post('/api/settings/subscription-email-notification', { fan_subscribed: false, staff_cancelled: false }, admin);
      const f = await member('quiet');
      await cancel(f);
      expect(await tick()).toBe(2); // staff: new member; fan: cancelled
      expect(mailsTo(f.email).map(subject)).toEqual(['Your Fanclub Creator membership was cancelled']);
      await post('/api/settings/subscription-email-notification', { fan_subscribed: true, staff_cancelled: true }, admin);
      expect(await tick()).toBe(0);
      expect((await currentSettings(t.server.services.database.db)).subscription_email_notification.fan_subscribed).toBe(true);
      await post('/api/settings/subscription-email-notification', { enabled: false }, admin);
      const g = await member('off');
      expect(await tick()).toBe(0);
      expect(mailsTo(g.email)).toEqual([]);
      await post('/api/settings/subscription-email-notification', { enabled: true }, admin);
    });

    it('two passes at once mail once; a pass a day later sends nothing old', async () => {
      const { database, store } = t.server.services;
      const reads = t.server.subscriptionEmails;
      expect(reads).toBeTruthy();
      const other = (now: () => Date) => startSubscriptionEmails({
        store,
        reads: {
          due: (since, limit) => subscriptionEmailsDue(database.db, since, limit),
          settings: async () => ({ mails: (await currentSettings(database.db)).subscription_email_notification, creatorName: 'Other node', adminEmail: ADMIN }),
          user: async (id) => {
            const u = await findUser(database.db, id);
            return u ? { email: u.email, name: u.name } : null;
          },
        },
        send: (mail) => t.server.services.mailer.send(mail),
        siteUrl: () => 'https://fans.example.test', now, timer: false,
      });
      const f = await member('twice');
      const node = other(() => new Date());
      const [a, b] = await Promise.all([t.server.subscriptionEmails.tick(), node.tick()]);
      expect(a + b).toBe(2);
      await settle();
      expect(mailsTo(f.email)).toHaveLength(1);
      await node.stop();
      const g = await member('late');
      const late = other(() => new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
      expect(await late.tick()).toBe(0);
      await late.stop();
      expect(mailsTo(g.email)).toEqual([]);
      expect(await tick()).toBe(2); // still within the day for this node
    });

    it('rebuilding the read models reproduces the queue', async () => {
      const { database, store } = t.server.services;
      const snapshot = async () => (await database.db.withSchema('rm').selectFrom('subscription_email_queue').selectAll().execute()).map((r) => JSON.stringify(r)).sort();
      const live = await snapshot();
      expect(live.length).toBeGreaterThan(8);
      await t.server.services.runner.stop();
      await rebuildReadModels({ database, store, projections: allProjections });
      expect(await snapshot()).toEqual(live);
    });
  });
}
