// Runs on one back end (PGlite, accounts.pglite.test.ts): what it tests does not depend on the event store or read-model database.
// Account self-service over real HTTP and a real database: forgotten password and reset, profile details,
// change of email with verification, the email opt-in prompt and its resend wait, photo ID upload. Mail goes
// to the outbox (SMTP_URL unset); the tests read the links from there. Time is moved by swapping the
// server's clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { TOO_MANY_REQUESTS } from '../../infra/rate-limit';
import { commandContext, handle } from '../../commands/handle';
import { userDecider, userStream } from '../../domain/user/user';
import { FORGOT_PASSWORD_LIMITS } from '../../api/routes/account-settings';
import { rebuildReadModels } from '../../projections/rebuild';
import { allProjections } from '../../projections';
import { startTestServer, type Backend, type TestServer } from '../support/server';
import { untypedTables } from '../support/tables';

const SHA256_HEX = /\b[0-9a-f]{64}\b/;

export function accountsSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`account self-service over HTTP (${backend})`, () => {
    let t: TestServer;
    let offsetMs = 0;
    const advance = (ms: number) => {
      offsetMs += ms;
    };
    const port = () => new URL(t.base).port;

    const register = async (name: string, email: string, password = 'first password 1') => {
      const r = await t.call('POST', '/api/users/register', { name, email, password });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return { token: r.body.data.token as string, userId: r.body.data.userId as string };
    };
    const login = (email: string, password: string) => t.call('POST', '/api/users/login', { email, password });
    const me = async (token: string) => {
      const r = await t.call('GET', '/api/users/me', undefined, { token });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data;
    };
    const outbox = async (to: string) =>
      (await untypedTables(t.server.services.database).withSchema('app').selectFrom('outbox').selectAll().where('to', '=', to).orderBy('created_at', 'asc').execute()) as {
        to: string;
        subject: string;
        text: string;
        html: string;
        status: string;
      }[];
    /** Waits for the n-th mail to `to` (1-based) and returns it. */
    const mailNumber = async (to: string, n: number) => {
      for (let i = 0; i < 200; i++) {
        const mails = await outbox(to);
        if (mails.length >= n) return mails[n - 1];
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no mail #${n} to ${to}`);
    };
    const tokenIn = (text: string, path: string) => {
      const m = new RegExp(`http://localhost:${port()}/${path}/([A-Za-z0-9_-]+)`).exec(text);
      expect(m, text).not.toBeNull();
      return m![1];
    };
    const head = () => t.server.services.store.headPosition();
    const eventTypes = async (userId: string) => (await t.server.services.store.readStream(userStream(userId))).map((e) => e.type);
    /** No hash values; outside the (redacting) event log view not even the field names. */
    const noSecrets = (body: unknown, { redactedFieldsAllowed = false } = {}) => {
      const s = JSON.stringify(body);
      expect(s).not.toMatch(SHA256_HEX);
      expect(s).not.toMatch(/\$argon2/);
      if (!redactedFieldsAllowed) expect(s).not.toMatch(/passwordHash|tokenHash|token_hash/);
    };

    beforeAll(async () => {
      t = await startTestServer(backend);
      // The site's clock moves only when a test says so: a slow machine must not turn "90 second(s)" into "89".
      const start = Date.now();
      t.server.services.clock = () => new Date(start + offsetMs);
    });
    afterAll(async () => {
      await t?.close();
    });

    describe('forgotten password', () => {
      it('answers the same whether or not the email has an account, and mails only a real one', async () => {
        await register('Reset Fan', 'reset.fan@example.com');
        const known = await t.call('POST', '/api/users/forgot_password', { email: ' Reset.Fan@Example.com ' });
        const unknown = await t.call('POST', '/api/users/forgot_password', { email: 'nobody.here@example.com' });
        expect(known.status).toBe(200);
        expect(known.body).toEqual({ success: 1, message: 'A password reset link was just emailed to you.', data: null });
        expect(unknown.status).toBe(known.status);
        expect(unknown.body).toEqual(known.body);
        const mail = await mailNumber('reset.fan@example.com', 1);
        expect(mail.status).toBe('queued'); // SMTP_URL unset: the outbox holds it for staff
        expect(mail.subject).toBe('Reset your password');
        expect(mail.text).toContain('Hello Reset Fan');
        tokenIn(mail.text, 'change-password');
        await new Promise((r) => setTimeout(r, 100));
        expect(await outbox('nobody.here@example.com')).toEqual([]);
      });

      it('check_token accepts the live link and refuses anything else', async () => {
        const token = tokenIn((await mailNumber('reset.fan@example.com', 1)).text, 'change-password');
        const good = await t.call('POST', `/api/users/check_token/${token}`);
        expect(good.status).toBe(200);
        expect(good.body).toEqual({ success: 1, data: { valid: true } });
        for (const bad of ['x'.repeat(43), 'short', token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')]) {
          const r = await t.call('POST', `/api/users/check_token/${bad}`);
          expect(r.status).toBe(400);
          expect(r.body).toMatchObject({ success: 0, message: 'Invalid token.', code: 'INVALID_TOKEN' });
        }
      });

      it('a reset sets the password, ends every other session, logs the user in, and the link works once', async () => {
        const other1 = (await login('reset.fan@example.com', 'first password 1')).body.data.token;
        const other2 = (await login('reset.fan@example.com', 'first password 1')).body.data.token;
        const token = tokenIn((await mailNumber('reset.fan@example.com', 1)).text, 'change-password');
        const r = await t.call('POST', '/api/users/reset_password', { token, password: 'second password 2' });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body).toMatchObject({
          success: 1,
          message: 'Password updated successfully.',
          data: { newUser: false, userUniversalAccountCount: 1, user: { email: 'reset.fan@example.com', name: 'Reset Fan', role: 'user' } },
        });
        noSecrets(r.body);
        const fresh = r.body.data.token as string;
        expect((await me(fresh)).email).toBe('reset.fan@example.com');
        expect((await t.call('GET', '/api/users/me', undefined, { token: other1 })).status).toBe(401);
        expect((await t.call('GET', '/api/users/me', undefined, { token: other2 })).status).toBe(401);
        expect((await login('reset.fan@example.com', 'first password 1')).status).toBe(400);
        expect((await login('reset.fan@example.com', 'second password 2')).status).toBe(200);
        // Used up: neither check_token nor a second reset accepts it, and nothing is written.
        const before = await head();
        expect((await t.call('POST', `/api/users/check_token/${token}`)).status).toBe(400);
        const again = await t.call('POST', '/api/users/reset_password', { token, password: 'third password 3' });
        expect(again.status).toBe(400);
        expect(again.body.message).toBe('Invalid token.');
        expect(await head()).toEqual(before);
      });

      it('a link expires after an hour; a newer link replaces an older one', async () => {
        await t.call('POST', '/api/users/forgot_password', { email: 'reset.fan@example.com' });
        const older = tokenIn((await mailNumber('reset.fan@example.com', 2)).text, 'change-password');
        await t.call('POST', '/api/users/forgot_password', { email: 'reset.fan@example.com' });
        const newer = tokenIn((await mailNumber('reset.fan@example.com', 3)).text, 'change-password');
        expect((await t.call('POST', `/api/users/check_token/${older}`)).status).toBe(400);
        expect((await t.call('POST', `/api/users/check_token/${newer}`)).status).toBe(200);
        advance(60 * 60_000 + 1000);
        const before = await head();
        expect((await t.call('POST', `/api/users/check_token/${newer}`)).status).toBe(400);
        const r = await t.call('POST', '/api/users/reset_password', { token: newer, password: 'third password 3' });
        expect(r.body).toMatchObject({ success: 0, message: 'Invalid token.' });
        expect(await head()).toEqual(before);
        expect((await login('reset.fan@example.com', 'second password 2')).status).toBe(200);
      });

      it('limits reset requests per account (known or not) and per IP with 429', async () => {
        advance(2 * 60 * 60_000); // fresh windows
        for (const email of ['reset.fan@example.com', 'ghost@example.com']) {
          for (let i = 0; i < FORGOT_PASSWORD_LIMITS.perAccount.max; i++) expect((await t.call('POST', '/api/users/forgot_password', { email })).status).toBe(200);
          const limited = await t.call('POST', '/api/users/forgot_password', { email });
          expect(limited.status).toBe(429);
          expect(limited.body).toMatchObject({ success: 0, message: TOO_MANY_REQUESTS, code: 'TOO_MANY_REQUESTS' });
          expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
        }
        advance(2 * 60 * 60_000);
        for (let i = 0; i < FORGOT_PASSWORD_LIMITS.perIp.max; i++) expect((await t.call('POST', '/api/users/forgot_password', { email: `ip-${i}@example.com` })).status).toBe(200);
        expect((await t.call('POST', '/api/users/forgot_password', { email: 'ip-last@example.com' })).status).toBe(429);
        advance(2 * 60 * 60_000);
        expect((await t.call('POST', '/api/users/forgot_password', { email: 'ip-last@example.com' })).status).toBe(200);
      });
    });

    describe('profile details and change of email', () => {
      let fan: { token: string; userId: string };

      beforeAll(async () => {
        fan = await register('Mover', 'mover.old@example.com', 'mover password 1');
      });

      it('changes the name at once (in the users read model too) and starts an email change that /me shows', async () => {
        const r = await t.call('POST', '/api/users/change_profile_details', { name: '  Mover Renamed ', email: 'Mover.New@Example.com' }, { token: fan.token });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body.message).toBe('Profile Details Updated Successfully.');
        expect(r.body.data).toMatchObject({ name: 'Mover Renamed', email: 'mover.old@example.com', pendingEmailChange: { email: 'mover.new@example.com' } });
        const data = await me(fan.token);
        expect(data.pendingEmailChange.email).toBe('mover.new@example.com');
        expect(Date.parse(data.pendingEmailChange.requested_at)).toBeGreaterThan(0);
        expect(data.emailLinkSentAt).toBe(data.pendingEmailChange.requested_at);
        const mail = await mailNumber('mover.new@example.com', 1);
        expect(mail.subject).toBe('Confirm your new email address');
        tokenIn(mail.text, 'change-email-verification');
        expect(await outbox('mover.old@example.com')).toEqual([]);
        // Until verified, the old address is the login.
        expect((await login('mover.old@example.com', 'mover password 1')).status).toBe(200);
        const row = await t.server.services.database.db.withSchema('rm').selectFrom('users').select(['name', 'email']).where('id', '=', fan.userId).executeTakeFirst();
        expect(row).toEqual({ name: 'Mover Renamed', email: 'mover.old@example.com' });
      });

      it('makes a resend wait two minutes, saying how many seconds are left', async () => {
        advance(30_000);
        const before = await head();
        const early = await t.call('POST', '/api/change-email-settings/resend-change-email-request', {}, { token: fan.token });
        expect(early.status).toBe(400);
        expect(early.body).toMatchObject({ success: 0, message: 'Please wait 90 second(s) before requesting an email resend.', code: 'RESEND_WAIT' });
        expect(await head()).toEqual(before);
        advance(91_000);
        const r = await t.call('POST', '/api/change-email-settings/resend-change-email-request', {}, { token: fan.token });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body.message).toBe('Resend change Email Request Successfully');
        const first = tokenIn((await mailNumber('mover.new@example.com', 1)).text, 'change-email-verification');
        const second = tokenIn((await mailNumber('mover.new@example.com', 2)).text, 'change-email-verification');
        // The resent link replaces the first one.
        const stale = await t.call('POST', '/api/change-email-settings/user-change-email-verification', { token: first });
        expect(stale.body).toMatchObject({ success: 0, message: 'Invalid token.' });
        expect(second).not.toBe(first);
      });

      it('verifying moves the account to the new address and frees the old one; the link works once', async () => {
        const token = tokenIn((await mailNumber('mover.new@example.com', 2)).text, 'change-email-verification');
        const r = await t.call('POST', '/api/change-email-settings/user-change-email-verification', { token });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body.message).toBe('Change Email Verified Successfully');
        const data = await me(fan.token);
        expect(data).toMatchObject({ email: 'mover.new@example.com', pendingEmailChange: null });
        expect((await login('mover.new@example.com', 'mover password 1')).status).toBe(200);
        expect((await login('mover.old@example.com', 'mover password 1')).status).toBe(400);
        const again = await t.call('POST', '/api/change-email-settings/user-change-email-verification', { token });
        expect(again.status).toBe(400);
        // The old address can register again; the new one cannot.
        await register('Newcomer', 'mover.old@example.com');
        const taken = await t.call('POST', '/api/users/register', { name: 'Copycat', email: 'mover.new@example.com', password: 'copycat password' });
        expect(taken.status).toBe(409);
      });

      it('an address in use cannot be requested, nor claimed at verification if it was taken meanwhile', async () => {
        const other = await register('Other', 'other.fan@example.com');
        const before = await head();
        const taken = await t.call('POST', '/api/users/change_profile_details', { email: 'mover.new@example.com' }, { token: other.token });
        expect(taken.status).toBe(409);
        expect(taken.body).toMatchObject({ message: 'An account with this email already exists.', field: 'email' });
        expect(JSON.stringify(taken.body)).not.toContain('mover.new@example.com');
        expect(await head()).toEqual(before);
        // Requested while free, registered by someone else before the link is followed.
        await t.call('POST', '/api/users/change_profile_details', { email: 'contested@example.com' }, { token: other.token });
        const token = tokenIn((await mailNumber('contested@example.com', 1)).text, 'change-email-verification');
        await register('Quick', 'contested@example.com');
        const r = await t.call('POST', '/api/change-email-settings/user-change-email-verification', { token });
        expect(r.status).toBe(409);
        expect(r.body.message).toBe('An account with this email already exists.');
        expect((await me(other.token)).email).toBe('other.fan@example.com');
        expect((await login('contested@example.com', 'first password 1')).status).toBe(200);
      });

      it('dismissing a request cancels it and its link', async () => {
        const fan2 = await register('Dismisser', 'dismisser@example.com');
        await t.call('POST', '/api/users/change_profile_details', { email: 'dismisser.new@example.com' }, { token: fan2.token });
        const token = tokenIn((await mailNumber('dismisser.new@example.com', 1)).text, 'change-email-verification');
        const r = await t.call('POST', '/api/change-email-settings/dismiss-change-email-request', {}, { token: fan2.token });
        expect(r.status).toBe(200);
        expect(r.body.message).toBe('Your change email request has been cancelled, if you want to change email then please request again.');
        expect((await me(fan2.token)).pendingEmailChange).toBeNull();
        expect((await t.call('POST', '/api/change-email-settings/user-change-email-verification', { token })).status).toBe(400);
        const resend = await t.call('POST', '/api/change-email-settings/resend-change-email-request', {}, { token: fan2.token });
        expect(resend.status).toBe(400);
      });
    });

    describe('email opt-in', () => {
      let fan: { token: string; userId: string };
      beforeAll(async () => {
        fan = await register('Opt In', 'opt.in@example.com');
      });

      it('starts pending; link_sent mails a link, with the resend wait; the link verifies once', async () => {
        expect((await me(fan.token)).emailOptInStatus).toBe('pending');
        const r = await t.call('POST', '/api/opt-in-email-settings/update-user-opt-in-status', { opt_in_status: 'link_sent' }, { token: fan.token });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body).toMatchObject({ success: 1, message: 'Resend email successfully', data: { emailOptInStatus: 'link_sent' } });
        const data = await me(fan.token);
        expect(data.emailOptInStatus).toBe('link_sent');
        expect(Date.parse(data.emailLinkSentAt)).toBeGreaterThan(0);
        const mail = await mailNumber('opt.in@example.com', 1);
        expect(mail.subject).toBe('Confirm your email address');
        advance(5_000);
        const early = await t.call('POST', '/api/opt-in-email-settings/update-user-opt-in-status', { opt_in_status: 'link_sent' }, { token: fan.token });
        expect(early.status).toBe(400);
        expect(early.body.message).toBe('Please wait 115 second(s) before requesting an email resend.');
        expect(await outbox('opt.in@example.com')).toHaveLength(1);
        const token = tokenIn(mail.text, 'opt-in-email-verification');
        const v = await t.call('POST', '/api/opt-in-email-settings/user-opt-in-email-verification', { token });
        expect(v.status, JSON.stringify(v.body)).toBe(200);
        expect(v.body.message).toBe('Email verified successfully.');
        expect((await me(fan.token)).emailOptInStatus).toBe('opted_in');
        const again = await t.call('POST', '/api/opt-in-email-settings/user-opt-in-email-verification', { token });
        expect(again.body).toMatchObject({ success: 0, message: 'Invalid token.' });
      });

      it('an opt-in link expires after 24 hours', async () => {
        const fan2 = await register('Late', 'late.opt@example.com');
        await t.call('POST', '/api/opt-in-email-settings/update-user-opt-in-status', { opt_in_status: 'link_sent' }, { token: fan2.token });
        const token = tokenIn((await mailNumber('late.opt@example.com', 1)).text, 'opt-in-email-verification');
        advance(24 * 60 * 60_000 + 1000);
        const r = await t.call('POST', '/api/opt-in-email-settings/user-opt-in-email-verification', { token });
        expect(r.status).toBe(400);
        expect((await me(fan2.token)).emailOptInStatus).toBe('link_sent');
      });

      it('no_thanks, no_thanks_opt_out after opt_out, and dismissed', async () => {
        const fan3 = await register('Declines', 'declines@example.com');
        const r = await t.call('POST', '/api/opt-in-email-settings/update-user-opt-in-status', { opt_in_status: 'no_thanks' }, { token: fan3.token });
        expect(r.body).toMatchObject({ success: 1, data: { emailOptInStatus: 'no_thanks' } });
        expect(r.body.message).not.toBe('Resend email successfully');
        expect((await me(fan3.token)).emailOptInStatus).toBe('no_thanks');
        // opt_out is set outside the fan API (e.g. by staff or an unsubscribe); then No thanks is no_thanks_opt_out.
        const fan4 = await register('Opted Out', 'opted.out@example.com');
        const ctx = commandContext(t.server.services.store, { userId: null, role: 'system' }, t.server.services.clock);
        await handle(ctx, userStream(fan4.userId), userDecider, { type: 'UpdateOptInStatus', status: 'opt_out', at: ctx.now() });
        await t.server.services.runner.waitFor(ctx.lastPosition!);
        expect((await me(fan4.token)).emailOptInStatus).toBe('opt_out');
        await t.call('POST', '/api/opt-in-email-settings/update-user-opt-in-status', { opt_in_status: 'no_thanks' }, { token: fan4.token });
        expect((await me(fan4.token)).emailOptInStatus).toBe('no_thanks_opt_out');
        await t.call('POST', '/api/opt-in-email-settings/update-user-opt-in-status', { opt_in_status: 'dismissed' }, { token: fan4.token });
        expect((await me(fan4.token)).emailOptInStatus).toBe('dismissed');
        expect(await outbox('opted.out@example.com')).toEqual([]);
      });

      it('records the prompt display once', async () => {
        const r1 = await t.call('GET', '/api/update-opt-in-email-popup-display-status', undefined, { token: fan.token });
        const r2 = await t.call('GET', '/api/update-opt-in-email-popup-display-status', undefined, { token: fan.token });
        expect(r1.status).toBe(200);
        expect(r2.body).toMatchObject({ success: 1, data: { displayed: true } });
        expect((await eventTypes(fan.userId)).filter((e) => e === 'EmailOptInPromptShown')).toHaveLength(1);
        expect((await t.call('GET', '/api/update-opt-in-email-popup-display-status')).status).toBe(401);
      });
    });

    describe('photo ID', () => {
      let fan: { token: string; userId: string };
      beforeAll(async () => {
        fan = await register('Photo', 'photo.id@example.com');
      });
      const upload = (parts: [string, Blob | string, string?][], token: string = fan.token) => {
        const form = new FormData();
        for (const [field, value, name] of parts) {
          if (typeof value === 'string') form.append(field, value);
          else form.append(field, value, name);
        }
        return t.call('POST', '/api/users/upload_photo_id', undefined, { token, raw: form });
      };
      const storedKeys = async () =>
        (await t.server.services.store.readStream(userStream(fan.userId))).filter((e) => e.type === 'PhotoIdUploaded').map((e) => e.data as { fileKey: string; contentType: string });

      it('takes a JPEG and a PDF, stores them privately, and /me shows the status', async () => {
        expect((await me(fan.token)).photoIdStatus).toBe('none');
        const jpeg = await sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 10, g: 120, b: 200 } } }).jpeg().toBuffer();
        const r = await upload([['photoId', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'id.jpg']]);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body).toMatchObject({ success: 1, message: 'Photo ID uploaded. Your transaction limit has now been increased.', data: { photoIdStatus: 'uploaded' } });
        expect(await me(fan.token)).toMatchObject({ photoIdStatus: 'uploaded', isPhotoIdAccepted: false });
        const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
        const p = await upload([['photoId', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'id.pdf']]);
        expect(p.status, JSON.stringify(p.body)).toBe(200);
        const keys = await storedKeys();
        expect(keys.map((k) => k.contentType)).toEqual(['image/jpeg', 'application/pdf']);
        for (const k of keys) expect(k.fileKey).toMatch(new RegExp(`^photo-ids/${fan.userId}/[0-9a-f-]{36}\\.(jpg|pdf)$`));
        expect(Buffer.compare(await t.server.services.storage.read(keys[0].fileKey), jpeg)).toBe(0);
        expect(Buffer.compare(await t.server.services.storage.read(keys[1].fileKey), pdf)).toBe(0);
        // Not served without a signature.
        expect((await fetch(`${t.base}/media/${keys[0].fileKey}`)).status).toBe(403);
      });

      it('refuses a missing file, a wrong type (whatever it claims to be), a too large file, and guests', async () => {
        const before = await head();
        const missing = await upload([['note', 'no file here']]);
        expect(missing.status).toBe(400);
        expect(missing.body).toMatchObject({ message: 'Please select photo ID file.', field: 'photoId' });
        const notMultipart = await t.call('POST', '/api/users/upload_photo_id', {}, { token: fan.token });
        expect(notMultipart.body).toMatchObject({ message: 'Please select photo ID file.', field: 'photoId' });
        const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } }).gif().toBuffer();
        const wrong = await upload([['photoId', new Blob([new Uint8Array(gif)], { type: 'image/jpeg' }), 'id.jpg']]);
        expect(wrong.status).toBe(400);
        expect(wrong.body).toMatchObject({ field: 'photoId', message: 'Please upload a JPEG or PNG image or a PDF file.' });
        const text = await upload([['photoId', new Blob(['hello'], { type: 'application/pdf' }), 'id.pdf']]);
        expect(text.status).toBe(400);
        const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0);
        big[0] = 0xff;
        big[1] = 0xd8;
        big[2] = 0xff;
        const tooBig = await upload([['photoId', new Blob([new Uint8Array(big)], { type: 'image/jpeg' }), 'big.jpg']]);
        expect(tooBig.status).toBe(400);
        expect(tooBig.body).toMatchObject({ field: 'photoId', message: 'The photo ID file cannot be larger than 10 MB.' });
        const guest = await upload([['photoId', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'id.pdf']], '');
        expect(guest.status).toBe(401);
        expect(await head()).toEqual(before);
        expect(await storedKeys()).toHaveLength(2);
      });
    });

    it('bad input answers 400 naming the field and writes nothing', async () => {
      const fan = await register('Bad Input', 'bad.input@example.com');
      const before = await head();
      const cases: [string, unknown, string, string?][] = [
        ['/api/users/forgot_password', {}, 'email', 'Please enter an email.'],
        ['/api/users/forgot_password', { email: '  ' }, 'email', 'Please enter an email.'],
        ['/api/users/forgot_password', { email: 'not-an-email' }, 'email', 'Please enter a valid email.'],
        ['/api/users/forgot_password', { email: 42 }, 'email'],
        ['/api/users/reset_password', { token: 'x'.repeat(43) }, 'password', 'Please enter a password.'],
        ['/api/users/reset_password', { token: 'x'.repeat(43), password: 'short' }, 'password', 'Password must be at least 8 characters.'],
        ['/api/users/reset_password', { password: 'long enough password' }, 'token'],
        ['/api/users/change_profile_details', {}, 'name', 'Please enter a name.'],
        ['/api/users/change_profile_details', { name: '   ' }, 'name', 'Please enter a name.'],
        ['/api/users/change_profile_details', { name: 'x'.repeat(51) }, 'name', 'Name cannot be more than 50 characters.'],
        ['/api/users/change_profile_details', { name: 'Fine', email: 'broken@' }, 'email', 'Please enter a valid email.'],
        ['/api/users/change_profile_details', { name: 7 }, 'name'],
        ['/api/opt-in-email-settings/update-user-opt-in-status', {}, 'opt_in_status'],
        ['/api/opt-in-email-settings/update-user-opt-in-status', { opt_in_status: 'opted_in' }, 'opt_in_status'],
        ['/api/opt-in-email-settings/user-opt-in-email-verification', {}, 'token'],
        ['/api/change-email-settings/user-change-email-verification', { token: '' }, 'token'],
      ];
      for (const [url, body, field, message] of cases) {
        const r = await t.call('POST', url, body, { token: fan.token });
        expect(r.status, `${url} ${JSON.stringify(body)} → ${JSON.stringify(r.body)}`).toBe(400);
        expect(r.body.field, url).toBe(field);
        if (message) expect(r.body.message, url).toBe(message);
      }
      for (const url of ['/api/opt-in-email-settings/user-opt-in-email-verification', '/api/change-email-settings/user-change-email-verification']) {
        const r = await t.call('POST', url, { token: 'y'.repeat(43) });
        expect(r.body).toMatchObject({ success: 0, message: 'Invalid token.' });
      }
      expect(await head()).toEqual(before);
    });

    it('guests cannot use the signed-in calls', async () => {
      for (const url of [
        '/api/users/change_profile_details',
        '/api/change-email-settings/resend-change-email-request',
        '/api/change-email-settings/dismiss-change-email-request',
        '/api/opt-in-email-settings/update-user-opt-in-status',
      ])
        expect((await t.call('POST', url, {})).status, url).toBe(401);
    });

    it('no answer, event log view or read model row carries a token hash or password hash', async () => {
      const r = await login(t.adminEmail, t.adminPassword);
      const admin = r.body.data.token;
      for (const type of ['PasswordResetRequested', 'EmailChangeRequested', 'EmailOptInStatusChanged', 'PasswordChanged']) {
        const events = await t.call('GET', `/admin-api/events?filter={"type":"${type}"}`, undefined, { token: admin });
        expect(events.status).toBe(200);
        expect(events.body.length, type).toBeGreaterThan(0);
        noSecrets(events.body, { redactedFieldsAllowed: true });
      }
      const fan = (await login('mover.new@example.com', 'mover password 1')).body.data.token;
      noSecrets(await me(fan));
    });

    it('rebuilding the read models reproduces account status, tokens and users row for row', async () => {
      const { database, store } = t.server.services;
      const tables = ['account_status', 'account_tokens', 'users'];
      const snapshot = async () => {
        const out: Record<string, string[]> = {};
        for (const name of tables) out[name] = (await untypedTables(database).withSchema('rm').selectFrom(name).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
        return out;
      };
      const live = await snapshot();
      expect(live.account_tokens.length).toBeGreaterThan(0);
      await t.server.services.runner.stop();
      await rebuildReadModels({ database, store, projections: allProjections });
      expect(await snapshot()).toEqual(live);
    });
  });
}
