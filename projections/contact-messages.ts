// Read model: the console's Contact inbox (domain/contact/contact-message.ts), newest first.
import { sql, type Kysely, type NotNull } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { contactMessagesTables, type ReadModelRows, type ReadModels } from './schema';

export const contactMessagesProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'contact-messages',
  tables: contactMessagesTables,
  handles: ['ContactMessageReceived', 'ContactMessageStatusChanged'],
  async apply(event, store) {
    if (event.type === 'ContactMessageReceived') {
      const d = event.data;
      store.put('contact_messages', {
        id: d.messageId, kind: d.kind, name: d.name, email: d.email, subject: d.subject, message: d.message, user_id: d.userId,
        status: 'new', received_at: d.receivedAt, status_changed_at: null, status_changed_by: null,
      });
      return;
    }
    const row = await store.get<ReadModelRows['contact_messages']>('contact_messages', { id: event.data.messageId });
    if (row) store.put('contact_messages', { ...row, status: event.data.status, status_changed_at: event.data.at, status_changed_by: event.data.by });
  },
});

export interface ContactMessageRow {
  id: string; kind: string; name: string; email: string; subject: string; message: string; user_id: string | null;
  status: string; received_at: string; status_changed_at: string | null; status_changed_by: string | null;
}

const SORTABLE: Record<string, string> = { received_at: 'received_at', status: 'status', kind: 'kind', email: 'email' };

/** The inbox as react-admin lists it: filters q (name, email, subject), status, kind, id. */
export async function listContactMessages(db: Kysely<ReadModels>, p: { sort: [string, 'ASC' | 'DESC']; range: [number, number]; filter: Record<string, unknown> }) {
  let q = db.withSchema('rm').selectFrom('contact_messages');
  const f = p.filter;
  if (typeof f.id === 'string') q = q.where('id', '=', f.id);
  if (typeof f.status === 'string' && f.status) q = q.where('status', '=', f.status);
  if (typeof f.kind === 'string' && f.kind) q = q.where('kind', '=', f.kind);
  if (typeof f.q === 'string' && f.q.trim()) {
    const like = `%${f.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('name', 'ilike', like), eb('email', 'ilike', like), eb('subject', 'ilike', like)]));
  }
  const col = Object.hasOwn(SORTABLE, p.sort[0]) ? SORTABLE[p.sort[0]] : 'received_at';
  const dir = p.sort[1] === 'ASC' ? 'asc' : 'desc';
  const limit = Math.min(Math.max(p.range[1] - p.range[0] + 1, 1), 500);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy(sql.ref(col), dir).orderBy('id', dir).limit(limit).offset(Math.max(p.range[0], 0))
      // A message is received with all of these (ContactMessageReceived above).
      .$narrowType<{ kind: NotNull; name: NotNull; email: NotNull; subject: NotNull; message: NotNull; status: NotNull; received_at: NotNull }>()
      .execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
  return {
    rows: rows.map((r): ContactMessageRow => ({ ...r, received_at: iso(r.received_at)!, status_changed_at: iso(r.status_changed_at) })),
    total: Number((count as { n: number } | undefined)?.n ?? 0),
  };
}

export async function unreadContactCount(db: Kysely<ReadModels>): Promise<number> {
  const r = await db.withSchema('rm').selectFrom('contact_messages').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'new').executeTakeFirst();
  return Number((r as { n: number } | undefined)?.n ?? 0);
}

/**
 * Every message an export takes, oldest first: the list answers at most 500 a page, so it is read page after page
 * (up to `maxRows`); a list of ids in `filter.id` (the rows picked in the console) keeps those only.
 */
export async function contactMessagesToExport(db: Kysely<ReadModels>, filter: Record<string, unknown>, maxRows: number): Promise<ContactMessageRow[]> {
  const ids = Array.isArray(filter.id) ? new Set(filter.id.map(String)) : null;
  const rows: ContactMessageRow[] = [];
  for (let from = 0; from < maxRows; from += 500) {
    const r = await listContactMessages(db, { sort: ['received_at', 'ASC'], range: [from, from + 499], filter: ids ? { ...filter, id: undefined } : filter });
    rows.push(...r.rows);
    if (r.rows.length < 500) break;
  }
  return ids ? rows.filter((r) => ids.has(r.id)) : rows;
}
