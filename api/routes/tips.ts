// Tips:
//   POST /api/v2/purchase/send-tip   {amount (dollars), tipMessage?, isAnonymousTip?, tipFrom?, card form | card_id}
//                                    → the purchase envelope (data.accepted, transactionId, ...); 402 when declined
//   POST /api/chat/get_tips_list     {pageNum?} → a fan's own tips; everyone's for the money roles
// A tip from the wallet is POST /api/crypto/purchase-from-wallet with payment_for 'tips' (routes/wallet.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dollarsFromCents } from '../../domain/shared/money';
import { MONEY_ROLES } from '../../domain/access/routes';
import type { TipFrom } from '../../domain/tip/tip';
import type { TipListView, TipView } from '../../domain/tip/wire';
import { listTips, type TipRow } from '../../projections/tips';
import { ok } from '../http';
import { answer } from '../openapi';
import { tipList } from '../schemas/tips';
import { declined } from '../schemas/purchase-answers';
import { requireCaller } from '../auth';
import { cardPayments } from '../card-payments';
import { sendTipBody, tipPaid } from '../schemas/card-purchases';
import type { Services } from '../services';

const TIPS_PAGE_SIZE = 20;

const listBody = z.object({ pageNum: z.coerce.number({ error: 'pageNum is invalid.' }).int().min(1).max(100_000).optional().default(1) });

/** Anonymous tips show no tipper to other fans; staff always see who it was. */
function tipView(r: TipRow & { user_name: string | null }, staff: boolean, viewerId: string): TipView {
  const named = staff || !r.is_anonymous || r.user_id === viewerId;
  return {
    _id: r.id,
    amount: dollarsFromCents(r.amount_cents),
    amount_cents: r.amount_cents,
    tipMessage: r.message,
    tipFrom: r.tip_from as TipFrom,
    isAnonymous: r.is_anonymous,
    status: r.status === 'sent' ? 'paid' : r.status === 'refund' ? 'refunded' : r.status === 'void' ? 'voided' : 'chargeback',
    created: r.sent_at ?? new Date(r.requested_at).toISOString(),
    user: named ? { _id: r.user_id, name: r.user_name ?? '' } : null,
  };
}

export const tipRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const payments = cardPayments(services);

  app.post('/api/v2/purchase/send-tip', { schema: { body: sendTipBody, response: { 200: answer(tipPaid), 402: declined(tipPaid) } } }, (request, reply) =>
    payments.sendTip(request, reply, request.body));

  app.post('/api/chat/get_tips_list', { schema: { body: listBody, response: { 200: answer(tipList) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { pageNum } = request.body;
    const staff = MONEY_ROLES.includes(caller.role);
    const r = await listTips(db(), { userId: staff ? null : caller.userId, page: pageNum, pageSize: TIPS_PAGE_SIZE });
    const data: TipListView = {
      tips: r.rows.map((row) => tipView(row, staff, caller.userId)),
      totalTips: r.total,
      totalAmountCents: r.totalSentCents,
      currentPage: pageNum,
      totalPages: Math.max(1, Math.ceil(r.total / TIPS_PAGE_SIZE)),
    };
    return ok(reply, data);
  });
};
