// Registration writes two streams (the email claim, then the user) and no store here is asked for a transaction
// over both (EventStoreDB has none). These tests break it between the two appends, over real HTTP and a real
// database, and check that the address can always register again and never gets two accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimEmail } from '../../commands/accounts';
import { commandContext, handle, type CommandContext } from '../../commands/handle';
import { changeProfileDetails } from '../../commands/account-self-service';
import { secrets } from '../../infra/auth/secrets';
import { EMAIL_CLAIM_LEASE_MS } from '../../domain/user/email-claim';
import { emailClaimStream, userDecider, userStream } from '../../domain/user/user';
import type { EventStore } from '../../infra/eventstore/port';
import { startTestServer, type Backend, type TestServer } from '../support/server';

type Append = EventStore['appendToStream'];

export function registrationSuite(backend: Backend, available: boolean) {
  describe.skipIf(!available)(`registration never leaves an email locked (${backend})`, () => {
    let t: TestServer;
    let realStore: EventStore;
    let offsetMs = 0;
    /** The next append to a stream matching `stream` fails: before writing, or (`after`) once it has written. */
    let failNext: { stream: RegExp; after?: boolean } | null = null;

    const register = (email: string, name = 'Claim Fan') => t.call('POST', '/api/users/register', { name, email, password: 'claim password 1' });
    const login = (email: string) => t.call('POST', '/api/users/login', { email, password: 'claim password 1' });
    const ctx = (): CommandContext => commandContext(t.server.services.store, { userId: null, role: null }, t.server.services.clock);
    const registrations = async (email: string) =>
      (await realStore.readAll({})).filter((e) => e.type === 'UserRegistered' && e.data.email === email).map((e) => e.data.userId as string);

    beforeAll(async () => {
      t = await startTestServer(backend);
      realStore = t.server.services.store;
      t.server.services.clock = () => new Date(Date.now() + offsetMs);
      // The routes reach the store through services.store: this wrapper fails the appends a test asks to fail.
      const append: Append = async (streamId, events, options) => {
        const fail = failNext && failNext.stream.test(streamId) ? failNext : null;
        if (fail) failNext = null;
        if (fail && !fail.after) throw new Error(`injected failure before appending to ${streamId}`);
        const result = await realStore.appendToStream(streamId, events, options);
        if (fail) throw new Error(`injected failure after appending to ${streamId}`);
        return result;
      };
      t.server.services.store = new Proxy(realStore, {
        get(target, prop) {
          if (prop === 'appendToStream') return append;
          const value = Reflect.get(target, prop);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    });
    afterAll(async () => {
      if (t) t.server.services.store = realStore;
      await t?.close();
    });

    it('a failed user append releases the claim at once: the same email then registers and logs in', async () => {
      failNext = { stream: /^user-[0-9a-f-]{36}$/ };
      const failed = await register('fail.once@example.com');
      expect(failed.status).toBe(500);
      expect(failNext).toBeNull(); // the failure was injected where meant
      const claim = (await realStore.readStream(emailClaimStream('fail.once@example.com'))).map((e) => [e.type, e.data.abandoned ?? false]);
      expect(claim).toEqual([['EmailClaimed', false], ['EmailReleased', true]]);
      const again = await register('fail.once@example.com');
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect((await login('fail.once@example.com')).status).toBe(200);
      expect(await registrations('fail.once@example.com')).toEqual([again.body.data.userId]);
    });

    it('a user append that wrote but answered an error keeps its claim: one account, no second one', async () => {
      failNext = { stream: /^user-[0-9a-f-]{36}$/, after: true };
      expect((await register('wrote.anyway@example.com')).status).toBe(500);
      expect((await login('wrote.anyway@example.com')).status).toBe(200);
      expect((await register('wrote.anyway@example.com')).body).toMatchObject({ code: 'EMAIL_TAKEN', field: 'email' });
      expect(await registrations('wrote.anyway@example.com')).toHaveLength(1);
    });

    it('a registration killed between the two appends (claim written, no user): taken during the lease, free after it; the late user append is refused', async () => {
      const email = 'killed@example.com';
      const crashedId = '11111111-1111-4111-8111-111111111111';
      await claimEmail(ctx(), email, crashedId); // all that the killed process wrote
      expect((await register(email)).body).toMatchObject({ code: 'EMAIL_TAKEN', field: 'email' });
      offsetMs += EMAIL_CLAIM_LEASE_MS;
      const taken = await register(email);
      expect(taken.status, JSON.stringify(taken.body)).toBe(201);
      expect((await login(email)).status).toBe(200);
      // The killed registration's user stream is closed: had it come back late, it could not write the user.
      const late = handle(ctx(), userStream(crashedId), userDecider, {
        type: 'RegisterUser', userId: crashedId, email, name: 'Late', passwordHash: 'x', role: 'user', at: ctx().now(),
      });
      await expect(late).rejects.toMatchObject({ code: 'REGISTRATION_ABANDONED' });
      expect(await registrations(email)).toEqual([taken.body.data.userId]);
    });

    it('two registrations of one email at once: exactly one wins, also when taking over a stale claim', async () => {
      const both = await Promise.all([register('race@example.com', 'Racer A'), register('race@example.com', 'Racer B')]);
      expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(await registrations('race@example.com')).toHaveLength(1);

      await claimEmail(ctx(), 'stale.race@example.com', '22222222-2222-4222-8222-222222222222');
      offsetMs += EMAIL_CLAIM_LEASE_MS;
      const racers = await Promise.all([1, 2, 3].map((i) => register('stale.race@example.com', `Racer ${i}`)));
      expect(racers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      expect(await registrations('stale.race@example.com')).toHaveLength(1);
    });

    it('a change of email killed after claiming the new address leaves a claim that the lease frees', async () => {
      const mover = await register('mover@example.com');
      const moverId = mover.body.data.userId as string;
      await changeProfileDetails(ctx(), secrets, moverId, { email: 'wanted@example.com' });
      await claimEmail(ctx(), 'wanted@example.com', moverId); // the confirmation got this far, then died
      expect((await register('wanted@example.com')).body).toMatchObject({ code: 'EMAIL_TAKEN' });
      offsetMs += EMAIL_CLAIM_LEASE_MS;
      expect((await register('wanted@example.com')).status).toBe(201);
      // The mover still logs in with the address it has.
      expect((await login('mover@example.com')).status).toBe(200);
    });
  });
}
