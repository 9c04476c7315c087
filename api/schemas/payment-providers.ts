// Validation and answers of the payment providers' settings (api/routes/payment-provider-settings.ts), built from
// the providers' fields (domain/payment-providers/provider-settings.ts): zod checks types here, the domain the
// values, each message naming its field.
import { z } from 'zod';
import { PAYMENT_PROVIDERS, PROVIDER_FIELDS, type PaymentProvider, type ProviderField } from '../../domain/payment-providers/provider-settings';

/** The largest value any field may be sent with; the field's own limit is the domain's rule. */
const SENT_MAX = 1000;

const bodyField = (f: ProviderField) => {
  if (f.kind === 'switch') return z.boolean({ error: `${f.name} must be true or false.` }).optional();
  const s = z.string({ error: `${f.name} must be text.` }).trim().max(SENT_MAX, { error: `${f.name} cannot be more than ${f.max} characters.` });
  // A secret omitted keeps the stored one and '' removes it; a text field omitted is empty.
  return f.kind === 'secret' ? s.optional() : s.default('');
};

const answerField = (f: ProviderField) => (f.kind === 'switch' ? z.boolean() : f.kind === 'secret' ? z.enum(['set', 'not set']) : z.string());

export function providerSettingsBody(provider: PaymentProvider) {
  return z.object(Object.fromEntries(PROVIDER_FIELDS[provider].map((f) => [f.name, bodyField(f)])));
}

export function providerSettingsAnswer(provider: PaymentProvider) {
  return z.object({
    provider: z.literal(provider),
    configured: z.boolean(),
    updated_at: z.string().nullable(),
    ...Object.fromEntries(PROVIDER_FIELDS[provider].map((f) => [f.name, answerField(f)])),
  });
}

export const providerParams = z.object({ provider: z.enum(PAYMENT_PROVIDERS, { error: `provider must be one of ${PAYMENT_PROVIDERS.join(', ')}.` }) });
export const connectionTestAnswer = z.object({ ok: z.boolean(), message: z.string() });
