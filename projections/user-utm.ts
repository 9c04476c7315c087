// Read model: the UTM values each fan arrived with (shown on /admin/user-utm-params): the fan site
// keeps utm_* in a one-year cookie and the registration records them in UserRegistered.
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { userUtmTables, type ReadModelRows } from './schema';

export interface UserUtmRow {
  user_id: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  registered_at: string;
}

export const userUtmProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'user-utm',
  tables: userUtmTables,
  handles: ['UserRegistered'],
  async apply(event, store) {
    const d = event.data;
    if (!d.utm) return;
    store.put('user_utm', {
      user_id: d.userId, utm_source: d.utm.utm_source ?? null, utm_medium: d.utm.utm_medium ?? null, utm_campaign: d.utm.utm_campaign ?? null,
      utm_term: d.utm.utm_term ?? null, utm_content: d.utm.utm_content ?? null, registered_at: d.registeredAt,
    });
  },
});
