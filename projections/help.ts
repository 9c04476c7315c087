// Read model: the help centre (domain/help/help.ts): items with their tags, each person's read marks, the staff
// help switch. Lists are paged (10 a page), newest first; a deleted item leaves the lists and the counts.
import { sql } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { helpTables, type ReadDb, type ReadModelRows, type StoreRow } from './schema';
import { helpVisibleTo, pageCount, HELP_PAGE_SIZE, type HelpAudience, type HelpEvent } from '../domain/help/help';

const hdb = (db: ReadDb) => db.withSchema('rm');

export const helpProjection = defineProjection<AnyDomainEvent | HelpEvent, ReadModelRows>()({
  name: 'help',
  tables: helpTables,
  handles: ['HelpItemSaved', 'HelpItemDeleted', 'HelpItemRead', 'HelpSettingsSaved'],
  async apply(event, store) {
    switch (event.type) {
      case 'HelpItemSaved': {
        const d = event.data;
        const prev = await store.get<StoreRow<'help_items'>>('help_items', { id: d.helpId });
        store.put('help_items', {
          id: d.helpId, title: d.title, html: d.html, tags: d.tags, audience: d.audience, is_popup: d.isPopup, published: d.published, deleted: false,
          created_at: prev?.created_at ?? d.savedAt, updated_at: d.savedAt, updated_by: d.savedBy,
        });
        return;
      }
      case 'HelpItemDeleted': {
        const prev = await store.get<StoreRow<'help_items'>>('help_items', { id: event.data.helpId });
        if (prev) store.put('help_items', { ...prev, deleted: true, updated_at: event.data.deletedAt, updated_by: event.data.deletedBy });
        return;
      }
      case 'HelpItemRead':
        store.put('help_reads', { user_id: event.data.userId, help_id: event.data.helpId, read_at: event.data.readAt });
        return;
      case 'HelpSettingsSaved':
        store.put('help_settings', { id: 'site', influencer_help_enabled: event.data.influencerHelpEnabled, saved_at: event.data.savedAt, saved_by: event.data.by });
        return;
    }
  },
});

const iso = (v: Date | null) => (v == null ? null : v.toISOString());
const audiencesFor = (staff: boolean): HelpAudience[] => (['fans', 'staff', 'both'] as HelpAudience[]).filter((a) => helpVisibleTo(a, staff));

export async function influencerHelpEnabled(db: ReadDb): Promise<boolean> {
  const r = await hdb(db).selectFrom('help_settings').select('influencer_help_enabled').where('id', '=', 'site').executeTakeFirst();
  return r ? !!r.influencer_help_enabled : true;
}

export interface HelpView {
  _id: string;
  title: string;
  description: string;
  tags: string[];
  audience: HelpAudience;
  is_popup: boolean;
  is_read: boolean;
  created: string;
  updated: string;
}

function published(db: ReadDb, staff: boolean) {
  return hdb(db).selectFrom('help_items as h').where('h.deleted', '=', false).where('h.published', '=', true).where('h.audience', 'in', audiencesFor(staff));
}

/** A help item as the reader's queries select it: with the reader's read mark, timestamps as Dates (both drivers). */
interface HelpListed {
  id: string;
  title: string | null;
  html: string | null;
  tags: unknown;
  audience: string | null;
  is_popup: boolean | null;
  created_at: Date | null;
  updated_at: Date | null;
  read_at: Date | null;
}

const view = (r: HelpListed): HelpView => ({
  _id: r.id, title: r.title!, description: r.html!, tags: (r.tags as string[]) ?? [], audience: r.audience as HelpAudience, is_popup: !!r.is_popup, is_read: !!r.read_at,
  created: iso(r.created_at)!, updated: iso(r.updated_at)!,
});

/** A page of a reader's help items (optionally one tag, or only unread), the tags in use, the unread count. */
export async function listHelp(db: ReadDb, reader: { userId: string; staff: boolean }, p: { page: number; tag?: string | null; unreadOnly?: boolean; withHtml?: boolean }) {
  let q = published(db, reader.staff).leftJoin('help_reads as r', (j) => j.onRef('r.help_id', '=', 'h.id').on('r.user_id', '=', reader.userId));
  if (p.tag) q = q.where(sql<boolean>`h.tags @> ${JSON.stringify([p.tag])}::jsonb`);
  if (p.unreadOnly) q = q.where('r.help_id', 'is', null);
  const [rows, count, tags, unread] = await Promise.all([
    q.select(['h.id', 'h.title', 'h.html', 'h.tags', 'h.audience', 'h.is_popup', 'h.created_at', 'h.updated_at', 'r.read_at'])
      .orderBy('h.created_at', 'desc').orderBy('h.id', 'desc').limit(HELP_PAGE_SIZE).offset((p.page - 1) * HELP_PAGE_SIZE).execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    published(db, reader.staff).select('h.tags').execute(),
    helpUnreadCount(db, reader),
  ]);
  const total = Number(count?.n ?? 0);
  const tagSet = new Map<string, number>();
  for (const t of tags) for (const tag of (t.tags as string[]) ?? []) tagSet.set(tag, (tagSet.get(tag) ?? 0) + 1);
  return {
    rows: rows.map((r) => ({ ...view(r), description: p.withHtml === false ? '' : r.html! })),
    total, currentPage: p.page, totalPages: pageCount(total), unreadCount: unread,
    helpTagsData: [...tagSet.entries()].sort((a, b) => a[0].localeCompare(b[0])).map(([name, count]) => ({ name, count })),
  };
}

export async function helpUnreadCount(db: ReadDb, reader: { userId: string; staff: boolean }): Promise<number> {
  const r = await published(db, reader.staff)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('help_reads as r').select('r.help_id').whereRef('r.help_id', '=', 'h.id').where('r.user_id', '=', reader.userId))))
    .select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Unread popup items, oldest first (the first opens by itself). */
export async function unreadHelpPopups(db: ReadDb, reader: { userId: string; staff: boolean }): Promise<HelpView[]> {
  const rows = await published(db, reader.staff).where('h.is_popup', '=', true)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('help_reads as r').select('r.help_id').whereRef('r.help_id', '=', 'h.id').where('r.user_id', '=', reader.userId))))
    .selectAll('h').orderBy('h.created_at', 'asc').limit(20).execute();
  return rows.map((r) => view({ ...r, read_at: null }));
}

export async function helpDetails(db: ReadDb, reader: { userId: string; staff: boolean }, id: string): Promise<HelpView | null> {
  const r = await published(db, reader.staff).leftJoin('help_reads as r', (j) => j.onRef('r.help_id', '=', 'h.id').on('r.user_id', '=', reader.userId))
    .where('h.id', '=', id).select(['h.id', 'h.title', 'h.html', 'h.tags', 'h.audience', 'h.is_popup', 'h.created_at', 'h.updated_at', 'r.read_at']).executeTakeFirst();
  return r ? view(r) : null;
}

/** The console's list (every item, drafts too), react-admin style. */
export async function helpItemsForConsole(db: ReadDb, p: { range: [number, number]; q?: string }) {
  let q = hdb(db).selectFrom('help_items as h').where('h.deleted', '=', false);
  if (p.q?.trim()) q = q.where('h.title', 'ilike', `%${p.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const limit = Math.min(Math.max(p.range[1] - p.range[0] + 1, 1), 200);
  const [rows, count] = await Promise.all([
    q.selectAll('h').orderBy('h.created_at', 'desc').orderBy('h.id', 'desc').limit(limit).offset(Math.max(0, p.range[0])).execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return {
    total: Number(count?.n ?? 0),
    rows: rows.map((r) => ({ id: r.id, title: r.title, html: r.html, tags: r.tags as string[], audience: r.audience, is_popup: !!r.is_popup, published: !!r.published, created_at: iso(r.created_at), updated_at: iso(r.updated_at) })),
  };
}

export async function helpItemForConsole(db: ReadDb, id: string) {
  const r = await hdb(db).selectFrom('help_items').selectAll().where('id', '=', id).where('deleted', '=', false).executeTakeFirst();
  return r ? { id: r.id, title: r.title, html: r.html, tags: r.tags as string[], audience: r.audience, is_popup: !!r.is_popup, published: !!r.published, created_at: iso(r.created_at), updated_at: iso(r.updated_at) } : null;
}
