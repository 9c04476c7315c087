// Money under stress through CCBill's REST API (the simulator): double spend, kill -9 between CCBill's sale and our
// capture, webhooks replayed, and the ledger against CCBill's books (tests/payments/provider-money.suite.ts).
import { describe, expect } from 'vitest';
import { startCcbillSimulator } from '../simulators/ccbill/server';
import { call } from '../support/provider-money';
import { describeProviderMoney } from './provider-money.suite';

describe('money under stress through CCBill (simulator)', () => {
  describeProviderMoney(async () => {
    const sim = await startCcbillSimulator();
    const ours = () => [...sim.sales.values()].filter((s) => s.paymentTokenId !== null && s.passThrough.payment_id);
    return {
      name: 'CCBill',
      env: {
        FANCLUB_CCBILL_REST_URL: sim.endpoints.rest,
        FANCLUB_CCBILL_DATALINK_URL: sim.endpoints.datalink,
        FANCLUB_CCBILL_FLEXFORMS_URL: sim.endpoints.flexForms,
        FANCLUB_CCBILL_WEBHOOK_SOURCES: '127.0.0.1/32,::1/128,::ffff:127.0.0.1/128',
      },
      // The simulator matches a CVV above 300, as CCBill's sandbox does.
      card: { cardNumber: '4111111111111111', cvv: '456' },
      async configure(base, admin, webhookBase) {
        const c = sim.config;
        for (const [provider, body] of [
          ['ccbill', { clientAccnum: c.clientAccnum, clientSubacc: c.clientSubacc, flexId: c.flexId, salt: c.salt, liveMode: false }],
          ['ccbill-rest-api', { restAppId: c.appId, restSecret: c.secret }],
          ['ccbill-datalink', { datalinkUsername: c.datalinkUsername, datalinkPassword: c.datalinkPassword }],
        ] as const) {
          const r = await call(base, 'POST', `/api/settings/payment-providers/${provider}`, body, admin);
          expect(r.status, JSON.stringify(r.body)).toBe(200);
        }
        sim.setWebhook({ url: `${webhookBase}/api/webhooks/ccbill`, format: 'json' });
      },
      salesOf: (paymentId) => ours().filter((s) => s.passThrough.payment_id === paymentId).length,
      totalSales: () => ours().length,
      commitThenHang: () => sim.fail('charge', 'timeoutAfterCommit'),
      async replayAll() {
        return (await sim.deliver({ ids: sim.outbox.map((n) => n.id), order: 'newest', times: 2 })).map((r) => r.status);
      },
      async saleBehindOurBack() {
        // A second sale on the token one of our payments was charged with.
        const [sale] = ours();
        const copy = { ...sale, subscriptionId: `0${String(Date.now()).slice(-9)}999999999`, refunds: 0, voids: 0 };
        sim.sales.set(copy.subscriptionId, copy);
      },
      close: () => sim.close(),
    };
  });
});
