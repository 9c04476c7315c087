// Read model of the payment providers' settings: one row per saved provider with its non-secret settings and its
// secrets still sealed. The console's answers show the secrets as 'set' / 'not set'; the adapters' settings
// getters open them (api/payment-provider-settings.ts).
import type { Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { paymentProviderSettingsTables, type ReadModelRows, type ReadModels } from './schema';
import type { PaymentProvider, ProviderFieldValues, SealedSecrets, StoredProviderSettings } from '../domain/payment-providers/provider-settings';

export const paymentProviderSettingsProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'payment-provider-settings',
  tables: paymentProviderSettingsTables,
  handles: ['PaymentProviderSettingsSaved', 'PaymentProviderSettingsCleared'],
  async apply(event, store) {
    if (event.type === 'PaymentProviderSettingsCleared') {
      store.delete('payment_provider_settings', { provider: event.data.provider });
      return;
    }
    const { provider, fields, sealed: changes } = event.data;
    const row = await store.get('payment_provider_settings', { provider });
    const sealed: SealedSecrets = { ...sealedFrom(row?.sealed) };
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) delete sealed[name];
      else sealed[name] = value;
    }
    store.put('payment_provider_settings', {
      provider, fields, sealed, updated_at: event.metadata.at ?? event.recordedAt.toISOString(), updated_by: event.metadata.userId ?? null,
    });
  },
});

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The stored non-secret settings: strings and booleans only (anything else was never written). */
function fieldsFrom(v: unknown): ProviderFieldValues {
  const out: ProviderFieldValues = {};
  if (isRecord(v)) for (const [k, x] of Object.entries(v)) if (typeof x === 'string' || typeof x === 'boolean') out[k] = x;
  return out;
}

function sealedFrom(v: unknown): SealedSecrets {
  const out: SealedSecrets = {};
  if (isRecord(v)) for (const [k, x] of Object.entries(v)) if (typeof x === 'string') out[k] = x;
  return out;
}

export interface ProviderSettingsRow { stored: StoredProviderSettings; updatedAt: string | null }

/** A provider's saved settings (secrets sealed), or null when none are saved. */
export async function storedProviderSettings(db: Kysely<ReadModels>, provider: PaymentProvider): Promise<ProviderSettingsRow | null> {
  const row = await db.withSchema('rm').selectFrom('payment_provider_settings').select(['fields', 'sealed', 'updated_at']).where('provider', '=', provider).executeTakeFirst();
  if (!row) return null;
  return { stored: { fields: fieldsFrom(row.fields), sealed: sealedFrom(row.sealed) }, updatedAt: row.updated_at ? new Date(row.updated_at).toISOString() : null };
}
