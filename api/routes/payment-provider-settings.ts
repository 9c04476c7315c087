// The payment providers' settings pages of the console, admin and super_admin only (domain/access/routes.ts):
//   GET|POST|DELETE /api/settings/payment-providers/<provider>   ccbill, ccbill-rest-api, ccbill-datalink, sticky-io,
//                                                                forumpay (secrets sealed; answered 'set' / 'not set')
//   GET|POST /api/ccbill-settings                                the spec's name of the CCBill settings
//   POST /api/settings/payment-providers/:provider/test          "Test connection" with the saved settings
// The fields and their rules are domain/payment-providers/provider-settings.ts; the bodies api/schemas/payment-providers.ts.
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PAYMENT_PROVIDERS, PROVIDER_SETTINGS_MESSAGES, openedSecrets, providerSettingsView, unsealedProviderSettings, withoutSecrets,
  type PaymentProvider,
} from '../../domain/payment-providers/provider-settings';
import { DomainError } from '../../domain/shared/decider';
import { clearPaymentProviderSettings, savePaymentProviderSettings, type ProviderSettingsInput } from '../../commands/payment-provider-settings';
import { storedProviderSettings } from '../../projections/payment-provider-settings';
import { settingsBox } from '../email-config';
import { ok } from '../http';
import { contextFor } from '../auth';
import { settle } from '../views';
import { providerParams, providerSettingsBody } from '../schemas/payment-providers';
import type { Services } from '../services';

/** A made-up secret: 32 URL-safe characters from 24 random bytes. */
const newToken = () => randomBytes(24).toString('base64url');

export const paymentProviderSettingsRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const box = () => settingsBox(services);

  const view = async (provider: PaymentProvider) => {
    const row = await storedProviderSettings(db(), provider);
    return providerSettingsView(provider, row?.stored ?? null, row?.updatedAt ?? null);
  };
  const save = async (request: FastifyRequest, reply: FastifyReply, provider: PaymentProvider, input: ProviderSettingsInput) => {
    const ctx = contextFor(request, services);
    await savePaymentProviderSettings(ctx, { seal: (p) => box().seal(p), newToken }, provider, input);
    await settle(services, ctx);
    return ok(reply, await view(provider), { message: PROVIDER_SETTINGS_MESSAGES.saved, position: ctx.lastPosition });
  };

  for (const provider of PAYMENT_PROVIDERS) {
    const path = `/api/settings/payment-providers/${provider}`;
    app.get(path, async (_request, reply) => ok(reply, await view(provider)));
    app.post(path, { schema: { body: providerSettingsBody(provider) } }, async (request, reply) => save(request, reply, provider, request.body));
    app.delete(path, async (request, reply) => {
      const ctx = contextFor(request, services);
      await clearPaymentProviderSettings(ctx, provider);
      await settle(services, ctx);
      return ok(reply, await view(provider), { message: PROVIDER_SETTINGS_MESSAGES.cleared(provider), position: ctx.lastPosition });
    });
  }
  app.get('/api/ccbill-settings', async (_request, reply) => ok(reply, await view('ccbill')));
  app.post('/api/ccbill-settings', { schema: { body: providerSettingsBody('ccbill') } }, async (request, reply) => save(request, reply, 'ccbill', request.body));

  app.post('/api/settings/payment-providers/:provider/test', { schema: { params: providerParams } }, async (request, reply) => {
    const { provider } = request.params;
    const row = await storedProviderSettings(db(), provider);
    if (!row) throw new DomainError(PROVIDER_SETTINGS_MESSAGES.notSaved(provider), 'NOT_CONFIGURED', 409);
    const tests = services.paymentProviderTests;
    if (!tests) return ok(reply, { ok: false, message: PROVIDER_SETTINGS_MESSAGES.testUnavailable });
    const open = (sealed: string) => box().open(sealed);
    const settings = unsealedProviderSettings(provider, row.stored, open);
    const secrets = openedSecrets(provider, row.stored, open);
    let answer: { ok: boolean; message: string };
    try {
      answer = await tests(provider, settings);
    } catch (e) {
      answer = { ok: false, message: e instanceof Error ? e.message : 'The provider could not be reached.' };
    }
    return ok(reply, { ok: answer.ok, message: withoutSecrets(answer.message, secrets) });
  });
};
