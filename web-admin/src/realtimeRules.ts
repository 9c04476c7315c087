// What the console keeps from presence frames, as pure functions: which fans are online and which
// staff member has which fan's conversation open. Each returns the same object when a frame changes nothing,
// so React re-renders only on a real change.
import type { ServerFrame } from '../../domain/realtime/protocol';

export interface Presence {
  /** Fans with the site open. */
  online: ReadonlySet<string>;
  /** Fans online (ALL_USERS_COUNT, else the list's size). */
  count: number;
}

/** Fan id → (staff id → staff name) of the staff who have that conversation open. */
export type Viewers = ReadonlyMap<string, ReadonlyMap<string, string>>;

const idOf = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

export function applyPresence(p: Presence, frame: ServerFrame): Presence {
  const data = (frame.data ?? {}) as Record<string, unknown>;
  switch (frame.type) {
    case 'ONLINE_USER_LIST': {
      const users = Array.isArray(data.users) ? data.users.filter((u): u is string => typeof u === 'string') : [];
      return { online: new Set(users), count: users.length };
    }
    case 'USER_ONLINE': {
      const id = idOf(data.userId);
      if (!id || p.online.has(id)) return p;
      const online = new Set(p.online).add(id);
      return { online, count: Math.max(p.count, online.size) };
    }
    case 'USER_OFFLINE': {
      const id = idOf(data.userId);
      if (!id || !p.online.has(id)) return p;
      const online = new Set(p.online);
      online.delete(id);
      return { online, count: online.size };
    }
    case 'ALL_USERS_COUNT':
      return typeof data.count === 'number' && data.count !== p.count ? { ...p, count: data.count } : p;
    default:
      return p;
  }
}

/** ADMIN_IN_USER_CHAT {adminId, adminName, userId | null}: that staff member is now in that chat (or in none). */
export function applyViewer(v: Viewers, frame: ServerFrame): Viewers {
  if (frame.type !== 'ADMIN_IN_USER_CHAT') return v;
  const data = (frame.data ?? {}) as Record<string, unknown>;
  const adminId = idOf(data.adminId);
  if (!adminId) return v;
  const fanId = idOf(data.userId);
  const name = typeof data.adminName === 'string' && data.adminName.trim() ? data.adminName.trim() : 'Another staff member';
  const next = new Map<string, ReadonlyMap<string, string>>();
  for (const [fan, staff] of v) {
    if (!staff.has(adminId)) next.set(fan, staff);
    else if (staff.size > 1) next.set(fan, new Map([...staff].filter(([id]) => id !== adminId)));
  }
  if (fanId) next.set(fanId, new Map(next.get(fanId) ?? []).set(adminId, name));
  return next;
}

/** "Ann" / "Ann and Bob" / "Ann, Bob and Cy": the staff in a fan's chat, '' when none. */
export function staffInChat(v: Viewers, fanId: string): string {
  const names = [...(v.get(fanId)?.values() ?? [])].sort((a, b) => a.localeCompare(b));
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The line under the chat header while others are in the same conversation. */
export const alsoInChat = (names: string): string => `${names} ${names.includes(' and ') ? 'are' : 'is'} also in this chat`;
