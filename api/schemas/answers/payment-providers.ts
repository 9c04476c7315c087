// The success answers of api/routes/payment-provider-settings.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { answer } from '../../openapi-envelopes';
import { PAYMENT_PROVIDERS } from '../../../domain/payment-providers/provider-settings';
import { connectionTestAnswer, providerSettingsAnswer } from '../payment-providers';
import type { RouteAnswers } from './types';

export const paymentProvidersAnswers: RouteAnswers = {
  ...Object.fromEntries(
    PAYMENT_PROVIDERS.flatMap((p) => ['GET', 'POST', 'DELETE'].map((m) => [`${m} /api/settings/payment-providers/${p}`, { 200: answer(providerSettingsAnswer(p)) }])),
  ),
  'GET /api/ccbill-settings': { 200: answer(providerSettingsAnswer('ccbill')) },
  'POST /api/ccbill-settings': { 200: answer(providerSettingsAnswer('ccbill')) },
  'POST /api/settings/payment-providers/:provider/test': { 200: answer(connectionTestAnswer) },
};
