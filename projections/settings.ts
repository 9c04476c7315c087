// Read model: the current site settings (defaults merged with every change).
import type { Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { settingsTables, type ReadModelRows, type ReadModels } from './schema';
import { DEFAULT_SETTINGS, type SiteSettings } from '../domain/settings/settings';

export const settingsProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'settings',
  tables: settingsTables,
  handles: ['SiteSettingsUpdated'],
  async apply(event, store) {
    const row = await store.get<{ id: string; values: Partial<SiteSettings> }>('site_settings', { id: 'site' });
    store.put('site_settings', { id: 'site', values: { ...(row?.values ?? {}), ...(event.data as { changes: Partial<SiteSettings> }).changes } });
  },
});

export async function currentSettings(db: Kysely<ReadModels>): Promise<SiteSettings> {
  const row = await db.withSchema('rm').selectFrom('site_settings').select('values').where('id', '=', 'site').executeTakeFirst();
  return { ...DEFAULT_SETTINGS, ...((row?.values as Partial<SiteSettings>) ?? {}) };
}
