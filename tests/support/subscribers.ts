// Many subscribers at once, written as events (a registration and a complimentary month each), for the mass
// message crash test and benchmark: registering 10,000 fans over HTTP would spend minutes hashing passwords.
import { randomUUID } from 'node:crypto';
import { userStream } from '../../domain/user/user';
import { subscriptionStream } from '../../domain/subscription/subscription';
import { comparePositions, type EventStore, type NewEvent, type Position } from '../../infra/eventstore/port';

export async function seedSubscribers(store: EventStore, count: number, at: Date, workers = 16): Promise<{ fanIds: string[]; last: Position | null }> {
  const fanIds = Array.from({ length: count }, () => randomUUID());
  const iso = at.toISOString();
  const expires = new Date(at.getTime() + 30 * 86_400_000).toISOString();
  const meta = () => ({ correlationId: randomUUID(), causationId: null, userId: null, role: 'system', proxyAdminId: null, ip: null, at: iso });
  let next = 0;
  let last: Position | null = null;
  const note = (p: Position) => {
    if (!last || comparePositions(p, last) > 0) last = p;
  };
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < count) {
        const i = next++;
        const userId = fanIds[i];
        const registered: NewEvent = {
          id: randomUUID(), type: 'UserRegistered', metadata: meta(),
          data: { userId, email: `seed.${i}.${userId.slice(0, 8)}@example.com`, name: `Seed Fan ${i}`, passwordHash: 'seeded-no-login', role: 'user', registeredAt: iso },
        };
        const given: NewEvent = { id: randomUUID(), type: 'ComplimentarySubscriptionGiven', metadata: meta(), data: { userId, months: 1, startedAt: iso, expiresAt: expires } };
        note((await store.appendToStream(userStream(userId), [registered], { expectedRevision: 'no_stream' })).position);
        note((await store.appendToStream(subscriptionStream(userId), [given], { expectedRevision: 'no_stream' })).position);
      }
    }),
  );
  return { fanIds, last };
}
