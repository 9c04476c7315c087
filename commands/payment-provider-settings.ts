// The payment providers' settings from the console: saved as events of the `payment-provider-settings` stream with
// every secret checked and sealed first (infra/secrets/sealed-box.ts, given by the route), so the log never holds
// one in clear.
import {
  checkProviderSecret, paymentProviderSettingsDecider, PAYMENT_PROVIDER_SETTINGS_STREAM, secretFieldsOf,
  type PaymentProvider, type SealedSecrets, type SecretChange,
} from '../domain/payment-providers/provider-settings';
import { handle, type CommandContext } from './handle';

/**
 * A save from the console: non-secret settings as given; a secret omitted keeps the stored one, '' removes it,
 * anything else replaces it.
 */
export type ProviderSettingsInput = Record<string, string | boolean | undefined>;

export interface SealingTools {
  seal: (plaintext: string) => string;
  /** A fresh random token for a secret the server makes up (the Sticky.io postback secret). */
  newToken: () => string;
}

export async function savePaymentProviderSettings(ctx: CommandContext, tools: SealingTools, provider: PaymentProvider, input: ProviderSettingsInput) {
  const secrets: Record<string, SecretChange> = {};
  const generated: SealedSecrets = {};
  for (const f of secretFieldsOf(provider)) {
    const given = input[f.name];
    if (typeof given === 'string' && given !== '') checkProviderSecret(provider, f.name, given);
    secrets[f.name] = typeof given !== 'string' ? { keep: true } : given === '' ? { clear: true } : { sealed: tools.seal(given) };
    if (f.generated) generated[f.name] = tools.seal(tools.newToken());
  }
  const fields = Object.fromEntries(Object.entries(input).filter(([k, v]) => v !== undefined && !secrets[k])) as Record<string, string | boolean>;
  return handle(ctx, PAYMENT_PROVIDER_SETTINGS_STREAM, paymentProviderSettingsDecider, { type: 'SavePaymentProviderSettings', provider, fields, secrets, generated });
}

export async function clearPaymentProviderSettings(ctx: CommandContext, provider: PaymentProvider) {
  return handle(ctx, PAYMENT_PROVIDER_SETTINGS_STREAM, paymentProviderSettingsDecider, { type: 'ClearPaymentProviderSettings', provider });
}
