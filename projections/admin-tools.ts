// Read model of the console's admin tools: the fan site's redirect URLs (the catch-all /:path
// asks it) and the subscription links staff generated, with how often each was used.
import type { Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection, update } from './projection';
import { adminToolsTables, storeRow, type ReadModelRows, type ReadModels } from './schema';

export interface SubscriptionLinkRow {
  link_id: string;
  initial_cents: number;
  recurring_cents: number;
  expires_at: string;
  note: string;
  generated_by: string | null;
  generated_at: string;
  uses: number;
  last_used_at: string | null;
}

export const adminToolsProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'admin-tools',
  tables: adminToolsTables,
  handles: ['RedirectUrlSaved', 'RedirectUrlDeleted', 'SubscriptionLinkGenerated', 'SubscriptionLinkUsed'],
  async apply(event, store) {
    switch (event.type) {
      case 'RedirectUrlSaved': {
        const d = event.data;
        store.put('redirect_urls', { path: d.path, target: d.target, saved_at: d.savedAt, saved_by: event.metadata.userId ?? null });
        break;
      }
      case 'RedirectUrlDeleted':
        store.delete('redirect_urls', { path: event.data.path });
        break;
      case 'SubscriptionLinkGenerated': {
        const d = event.data;
        store.put('subscription_links', {
          link_id: d.linkId, initial_cents: d.initialCents, recurring_cents: d.recurringCents, expires_at: d.expiresAt, note: d.note,
          generated_by: d.generatedBy, generated_at: d.generatedAt, uses: 0, last_used_at: null,
        });
        break;
      }
      case 'SubscriptionLinkUsed': {
        const d = event.data;
        await update<SubscriptionLinkRow>(store, 'subscription_links', { link_id: d.linkId }, (r) => ({ ...r, uses: r.uses + 1, last_used_at: d.usedAt }));
        break;
      }
    }
  },
});

export interface RedirectUrlRow {
  path: string;
  target: string;
  saved_at: string;
  saved_by: string | null;
}

/** Where a fan-site path leads, or null. */
export async function redirectFor(db: Kysely<ReadModels>, path: string): Promise<string | null> {
  const row = await db.withSchema('rm').selectFrom('redirect_urls').select('target').where('path', '=', path).executeTakeFirst();
  return row?.target ?? null;
}

export async function listRedirectUrls(db: Kysely<ReadModels>): Promise<RedirectUrlRow[]> {
  const rows = await db.withSchema('rm').selectFrom('redirect_urls').selectAll().orderBy('path').execute();
  return rows.map((r) => storeRow('redirect_urls', r) as RedirectUrlRow);
}

export async function listSubscriptionLinks(db: Kysely<ReadModels>, limit = 50): Promise<SubscriptionLinkRow[]> {
  const rows = await db.withSchema('rm').selectFrom('subscription_links').selectAll().orderBy('generated_at', 'desc').limit(limit).execute();
  return rows.map((r) => storeRow('subscription_links', r) as SubscriptionLinkRow);
}
