// Read model: users (accounts and what staff list about them) and their sessions.
import type { Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { usersTables, type ReadModelRows, type ReadModels } from './schema';
import { update } from './projection';
import type { Role } from '../domain/shared/wire';
import { countsAsEarnings } from '../domain/payment/purchase-kinds';
import type { Database } from '../infra/db/database';
import { callerOfProxySession, callerOfSession, type OwnSession, type SessionCaller } from '../domain/access/admission';
import { findProxySession } from './members';

export interface UserRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  registered_at: string;
  is_demo: boolean;
  total_spent_cents: number;
}

export interface SessionRow {
  session_id: string;
  token_hash: string;
  user_id: string;
  expires_at: string;
}

export const usersProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'users',
  tables: usersTables,
  handles: ['UserRegistered', 'UserLoggedIn', 'UserLoggedOut', 'PaymentCaptured', 'PaymentReversed', 'PaymentPartlyRefunded', 'ProfileUpdated', 'EmailChanged'],
  async apply(event, store) {
    const { type, data: d } = event;
    switch (type) {
      case 'UserRegistered':
        store.put('users', { id: d.userId, email: d.email, name: d.name, role: d.role, registered_at: d.registeredAt, is_demo: !!d.isDemo, total_spent_cents: 0 });
        break;
      case 'UserLoggedIn':
        store.put('sessions', { session_id: d.sessionId, token_hash: d.tokenHash, user_id: d.userId, expires_at: d.expiresAt });
        break;
      case 'UserLoggedOut':
        store.delete('sessions', { session_id: d.sessionId });
        break;
      case 'PaymentCaptured':
        // A wallet top-up is not spent: what the wallet pays for is.
        if (!countsAsEarnings(d.purpose)) break;
        await update<UserRow>(store, 'users', { id: d.userId }, (u) => ({ ...u, total_spent_cents: u.total_spent_cents + d.amountCents }));
        break;
      case 'PaymentReversed':
      case 'PaymentPartlyRefunded':
        if (!countsAsEarnings(d.purpose)) break;
        await update<UserRow>(store, 'users', { id: d.userId }, (u) => ({ ...u, total_spent_cents: u.total_spent_cents - d.amountCents }));
        break;
      case 'ProfileUpdated':
        await update<UserRow>(store, 'users', { id: d.userId }, (u) => ({ ...u, name: d.name }));
        break;
      case 'EmailChanged':
        await update<UserRow>(store, 'users', { id: d.userId }, (u) => ({ ...u, email: d.newEmail }));
        break;
    }
  },
});

export async function findUser(db: Kysely<ReadModels>, id: string): Promise<UserRow | undefined> {
  return (await db.withSchema('rm').selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) as UserRow | undefined;
}

/** The email a provider's hosted page is given for a signed-in buyer (null when the account has none). */
export async function findUserEmail(db: Kysely<ReadModels>, id: string): Promise<string | null> {
  const row = await db.withSchema('rm').selectFrom('users').select('email').where('id', '=', id).executeTakeFirst();
  return row?.email || null;
}

/**
 * The live session for a token hash, with its user and the standing staff gave them (members read model; null
 * columns when staff never acted). One query: every authenticated request runs it.
 */
export async function findSession(database: Pick<Database, 'read'>, tokenHash: string, nowIso: string): Promise<SessionLookup | undefined> {
  // Through the read function rm.find_session (projections/read-functions.ts): planned once per connection. Sessions
  // and users are always written whole (UserRegistered, UserLoggedIn), so its columns but the members' are never null.
  const [row] = await database.read<SessionLookup>('read_find_session', 'SELECT * FROM rm.find_session($1::text, $2::timestamptz)', [tokenHash, nowIso]);
  return row;
}

export type SessionLookup = OwnSession;

/**
 * The caller behind a token hash: its own session as read (`own`, looked up with findSession or with a page) or,
 * when it has none, a proxy session an admin started.
 */
export async function findCaller(database: Database, tokenHash: string, nowIso: string, own: SessionLookup | undefined): Promise<SessionCaller | null> {
  if (own) return callerOfSession(own);
  const proxy = await findProxySession(database.db, tokenHash, nowIso);
  return proxy ? callerOfProxySession(proxy) : null;
}
