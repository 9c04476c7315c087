// Read model: users (accounts and what staff list about them) and their sessions.
import type { Kysely } from 'kysely';
import type { Projection } from './projection';
import { update } from './projection';
import type { Role } from '../domain/shared/wire';

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

export const usersProjection: Projection = {
  name: 'users',
  tables: [
    {
      name: 'users',
      columns: { id: 'text', email: 'text', name: 'text', role: 'text', registered_at: 'timestamptz', is_demo: 'boolean', total_spent_cents: 'bigint' },
      primaryKey: ['id'],
      indexes: [['email'], ['registered_at']],
    },
    {
      name: 'sessions',
      columns: { session_id: 'text', token_hash: 'text', user_id: 'text', expires_at: 'timestamptz' },
      primaryKey: ['session_id'],
      indexes: [['token_hash']],
    },
  ],
  handles: ['UserRegistered', 'UserLoggedIn', 'UserLoggedOut', 'PaymentCaptured', 'PaymentReversed', 'ProfileUpdated', 'EmailChanged'],
  async apply(event, store) {
    const d = event.data as Record<string, any>;
    switch (event.type) {
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
        await update<UserRow>(store, 'users', { id: d.userId }, (u) => ({ ...u, total_spent_cents: u.total_spent_cents + d.amountCents }));
        break;
      case 'PaymentReversed':
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
};

export async function findUser(db: Kysely<any>, id: string): Promise<UserRow | undefined> {
  return (await db.withSchema('rm').selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) as UserRow | undefined;
}

/**
 * The live session for a token hash, with its user and the standing staff gave them (members read model; null
 * columns when staff never acted). One query: every authenticated request runs it.
 */
export async function findSession(db: Kysely<any>, tokenHash: string, nowIso: string) {
  return db
    .withSchema('rm')
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('members as m', 'm.user_id', 's.user_id')
    .select(['s.session_id', 's.user_id', 's.expires_at', 'u.role', 'u.email', 'u.name', 'm.role as member_role', 'm.blocked as member_blocked', 'm.deleted as member_deleted'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.expires_at', '>', nowIso)
    .executeTakeFirst();
}
