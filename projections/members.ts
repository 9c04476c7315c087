// Read model: each member's standing as staff set it (blocked, deleted, role change, flags, nickname,
// preferences) and the live proxy sessions admins opened. Auth reads it on every request.
import { sql, type Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { membersTables, timestamptz, type ReadModelRows, type ReadModels } from './schema';
import type { Role } from '../domain/shared/wire';
import type { ProxySession } from '../domain/access/admission';

export interface MemberRow {
  user_id: string;
  blocked: boolean;
  deleted: boolean;
  role: Role | null;
  nickname: string | null;
  hidden_from_chat: boolean;
  mass_messages_muted: boolean;
  photo_id_override: boolean;
  migration_subscription: boolean;
  email_preferences: Record<string, boolean> | null;
}

const blank = (userId: string): MemberRow => ({
  user_id: userId, blocked: false, deleted: false, role: null, nickname: null, hidden_from_chat: false,
  mass_messages_muted: false, photo_id_override: false, migration_subscription: false, email_preferences: null,
});

export const membersProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'members',
  tables: membersTables,
  handles: [
    'MemberBlocked', 'MemberUnblocked', 'MemberDeleted', 'MemberRoleChanged', 'NicknameSet', 'HiddenFromChatSet',
    'MassMessagesMutedSet', 'PhotoIdOverrideSet', 'MigrationSubscriptionSet', 'EmailPreferencesSet', 'ProxySessionStarted', 'ProxySessionEnded',
  ],
  async apply(event, store) {
    const { type, data: d } = event;
    if (type === 'ProxySessionStarted') {
      store.put('proxy_sessions', { session_id: d.sessionId, token_hash: d.tokenHash, user_id: d.userId, admin_id: d.adminId, expires_at: d.expiresAt });
      return;
    }
    if (type === 'ProxySessionEnded') {
      store.delete('proxy_sessions', { session_id: d.sessionId });
      return;
    }
    const row = (await store.get<MemberRow>('members', { user_id: d.userId })) ?? blank(d.userId);
    switch (type) {
      case 'MemberBlocked':
        row.blocked = true;
        break;
      case 'MemberUnblocked':
        row.blocked = false;
        break;
      case 'MemberDeleted':
        row.deleted = true;
        break;
      case 'MemberRoleChanged':
        row.role = d.role;
        break;
      case 'NicknameSet':
        row.nickname = d.nickname;
        break;
      case 'HiddenFromChatSet':
        row.hidden_from_chat = d.hidden;
        break;
      case 'MassMessagesMutedSet':
        row.mass_messages_muted = d.muted;
        break;
      case 'PhotoIdOverrideSet':
        row.photo_id_override = d.accepted;
        break;
      case 'MigrationSubscriptionSet':
        row.migration_subscription = d.migrate;
        break;
      case 'EmailPreferencesSet':
        row.email_preferences = { ...d.preferences };
        break;
    }
    store.put('members', row);
  },
});

export async function findMember(db: Kysely<ReadModels>, userId: string): Promise<MemberRow> {
  const row = await db.withSchema('rm').selectFrom('members').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return (row as MemberRow | undefined) ?? blank(userId);
}

/** A live proxy session for a token hash: the impersonated user and the admin behind it. */
export async function findProxySession(db: Kysely<ReadModels>, tokenHash: string, nowIso: string): Promise<ProxySessionLookup | undefined> {
  // Written whole by ProxySessionStarted and UserRegistered: these columns are never null.
  return db
    .withSchema('rm')
    .selectFrom('proxy_sessions as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('members as m', 'm.user_id', 'p.user_id')
    .select(['p.session_id', 'p.user_id', 'p.admin_id', 'p.expires_at', 'u.email', 'u.name', 'm.deleted'])
    .where('p.token_hash', '=', tokenHash)
    .where('p.expires_at', '>', timestamptz(nowIso))
    .executeTakeFirst() as Promise<ProxySessionLookup | undefined>;
}

export type ProxySessionLookup = ProxySession;

/** Accounts whose effective role is admin or super_admin and that are neither blocked nor deleted. */
export async function activeAdminIds(db: Kysely<ReadModels>): Promise<string[]> {
  const rows = await db
    .withSchema('rm')
    .selectFrom('users as u')
    .leftJoin('members as m', 'm.user_id', 'u.id')
    .select('u.id')
    .where(sql`coalesce(m.role, u.role)`, 'in', ['admin', 'super_admin'])
    .where(sql`coalesce(m.blocked, false)`, '=', false)
    .where(sql`coalesce(m.deleted, false)`, '=', false)
    .execute();
  return rows.map((r: { id: string }) => r.id);
}
