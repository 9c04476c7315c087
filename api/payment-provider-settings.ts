// The payment providers' settings for the server: the adapters' settings getters (the secrets opened only here)
// and the optional connection tester the lead wires into Services.
import type { Kysely } from 'kysely';
import { PROVIDER_SETTINGS_MESSAGES, unsealedProviderSettings, type PaymentProvider, type ProviderSettingsOf } from '../domain/payment-providers/provider-settings';
import { storedProviderSettings } from '../projections/payment-provider-settings';
import type { ReadModels } from '../projections/schema';
import type { Config } from '../infra/config';
import type { SealedBox } from '../infra/secrets/sealed-box';
import { settingsBox } from './email-config';

/**
 * "Test connection": asks the provider with the saved settings (secrets unsealed) and says what it answered.
 * Never put a secret in `message`: the route blots out the saved ones anyway.
 */
export type ProviderConnectionTester = <P extends PaymentProvider>(provider: P, settings: ProviderSettingsOf[P]) => Promise<{ ok: boolean; message: string }>;

/** A tester from one function per provider; a provider without one answers that no test is available yet. */
export function connectionTesterOf(byProvider: { [P in PaymentProvider]?: (settings: ProviderSettingsOf[P]) => Promise<{ ok: boolean; message: string }> }): ProviderConnectionTester {
  return async (provider, settings) => {
    const test = byProvider[provider] as ((s: typeof settings) => Promise<{ ok: boolean; message: string }>) | undefined;
    return test ? test(settings) : { ok: false, message: PROVIDER_SETTINGS_MESSAGES.testUnavailable };
  };
}

/** A provider's saved settings with the secrets opened, or null when none are saved. */
export async function providerSettings<P extends PaymentProvider>(db: Kysely<ReadModels>, provider: P, box: SealedBox): Promise<ProviderSettingsOf[P] | null> {
  const row = await storedProviderSettings(db, provider);
  return row ? unsealedProviderSettings(provider, row.stored, (sealed) => box.open(sealed)) : null;
}

/** The `settings` getter an adapter's factory takes: read at every call, so a save in the console applies at once. */
export function providerSettingsGetter<P extends PaymentProvider>(services: { config: Config; database: { db: Kysely<ReadModels> } }, provider: P): () => Promise<ProviderSettingsOf[P] | null> {
  return () => providerSettings(services.database.db, provider, settingsBox(services));
}
