// The answers of the CCBill and Sticky.io path sets and the two v2 twins (api/routes/ccbill-cards.ts, sticky-io.ts,
// v2-card-paths.ts): each is its twin's answer, so each is documented as the twin's. The post unlocks and tips
// declare theirs in the route.
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import { declined } from '../purchase-answers';
import { tipPaid } from '../card-purchases';
import type { RouteAnswers } from './types';
import { chatAnswers } from './chat';
import { subscriptionsAnswers } from './subscriptions';
import { subscriptionSettingsAnswers } from './subscription-settings';

const twins: RouteAnswers = { ...chatAnswers, ...subscriptionsAnswers, ...subscriptionSettingsAnswers };
const twin = (route: string) => {
  const a = twins[route];
  if (!a) throw new Error(`No documented answer for ${route}.`);
  return a;
};

const chatPaid = twin('POST /api/v2/purchase/chat-content-purchase')[200];
const chatData = chatPaid instanceof z.ZodObject ? chatPaid.shape.data : z.object({}).loose();
/** charge_by_previous: a tip's answer or a chat unlock's, as its `action` said. */
const chargedByPrevious = z.union([tipPaid, chatData]);

export const providerPathsAnswers: RouteAnswers = {
  'POST /api/ccbill/subscribe-with-card': twin('POST /api/v2/purchase/subscription'),
  'POST /api/ccbill/resubscribe-with-card': twin('POST /api/v2/purchase/resubscribe-with-card'),
  'POST /api/ccbill/charge_by_previous': { 200: answer(chargedByPrevious), 402: declined(chargedByPrevious) },
  'POST /api/sticky-io/subscribe': twin('POST /api/v2/purchase/subscription'),
  'POST /api/sticky-io/resubscribe': twin('POST /api/v2/purchase/resubscribe-with-card'),
  'POST /api/sticky-io/cancel-subscription': twin('POST /api/v2/subscription/cancel-subscription'),
  'POST /api/v2/purchase/subscription-with-card': twin('POST /api/v2/purchase/subscription'),
  'POST /api/v2/purchase/migrate-subscription': twin('POST /api/migrate-subscription-for-user'),
};
