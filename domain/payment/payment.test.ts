import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { cardLabel, FORM_ABANDONED, HOSTED_FORM_TTL_MS, hostedCard, hostedFormOutcome, paymentDecider, paymentStream, type CardRef, type PaymentCommand, type PaymentEvent, type PaymentPurpose } from './payment';

const T0 = '2026-03-01T10:00:00.000Z';
const T1 = '2026-03-01T10:00:02.000Z';
const card: CardRef = { cardId: 'c1', brand: 'visa', last4: '4242' };
const purpose: PaymentPurpose = { kind: 'unlock', postId: 'p1' };
const request: PaymentCommand = { type: 'RequestPayment', paymentId: 'pay1', userId: 'u1', purpose, amountCents: 2000, card, at: T0 };
const requested: PaymentEvent = {
  type: 'PaymentRequested',
  data: { paymentId: 'pay1', userId: 'u1', purpose, amountCents: 2000, currency: 'USD', method: 'card', card, requestedAt: T0 },
};
const captured: PaymentEvent = {
  type: 'PaymentCaptured',
  data: { paymentId: 'pay1', userId: 'u1', purpose, amountCents: 2000, currency: 'USD', method: 'card', card, gatewayTransactionId: 'gw_1', capturedAt: T1 },
};
const failed: PaymentEvent = {
  type: 'PaymentFailed',
  data: { paymentId: 'pay1', userId: 'u1', purpose, amountCents: 2000, failureCode: '-24', message: 'Insufficient funds', allowCascade: false, failedAt: T1 },
};
const capture: PaymentCommand = { type: 'RecordGatewayOutcome', outcome: { status: 'captured', gatewayTransactionId: 'gw_1' }, at: T1 };
const decline: PaymentCommand = { type: 'RecordGatewayOutcome', outcome: { status: 'declined', failureCode: '-24', message: 'Insufficient funds', allowCascade: false }, at: T1 };

describe('paymentStream', () => {
  it('is payment-<id>', () => expect(paymentStream('pay1')).toBe('payment-pay1'));
});

describe('paymentDecider', () => {
  describe('RequestPayment', () => {
    it('records the request in USD by card', () => {
      const state = given(paymentDecider).when(request).then([requested]);
      expect(state).toEqual({ status: 'requested', request: requested.data, gatewayTransactionId: null, failure: null, reversal: null, partRefunds: {}, refundedCents: 0, duplicateSales: {} });
    });

    it('from the wallet: method wallet, no card', () => {
      const state = given(paymentDecider)
        .when({ ...request, method: 'wallet', card: null } as PaymentCommand)
        .then([{ type: 'PaymentRequested', data: { ...requested.data, method: 'wallet', card: null } } as PaymentEvent]);
      expect(state.request?.method).toBe('wallet');
    });

    it('by card needs a card', () => {
      given(paymentDecider).when({ ...request, card: null } as PaymentCommand).thenThrows('Please add a card to continue.', { code: 'CARD_REQUIRED', status: 400 });
    });

    it("carries the request's Idempotency-Key onto the request and the capture", () => {
      given(paymentDecider).when({ ...request, requestKey: 'key-1' } as PaymentCommand).then([{ ...requested, data: { ...requested.data, requestKey: 'key-1' } } as PaymentEvent]);
      given(paymentDecider, [{ ...requested, data: { ...requested.data, requestKey: 'key-1' } } as PaymentEvent])
        .when(capture)
        .then([{ ...captured, data: { ...captured.data, requestKey: 'key-1' } } as PaymentEvent]);
    });

    it('the same payment asked again changes nothing; by another fan it is refused', () => {
      given(paymentDecider, [requested]).when(request).then([]);
      given(paymentDecider, [requested]).when({ ...request, userId: 'u2' } as PaymentCommand).thenThrows('Invalid request.', { code: 'PAYMENT_ID_TAKEN', status: 409 });
    });

    it('supports a subscription purpose', () => {
      const sub: PaymentPurpose = { kind: 'subscription', period: 2 };
      given(paymentDecider)
        .when({ ...request, purpose: sub, amountCents: 999 } as PaymentCommand)
        .then([{ type: 'PaymentRequested', data: { ...requested.data, purpose: sub, amountCents: 999 } } as PaymentEvent]);
    });

    it.each([0, -100, 12.5, Number.NaN])('refuses amount %s', (amountCents) => {
      given(paymentDecider)
        .when({ ...request, amountCents } as PaymentCommand)
        .thenThrows('Invalid request.', { code: 'INVALID_AMOUNT', status: 400, details: { field: 'amount' } });
    });

    it.each([
      ['requested', [requested]],
      ['captured', [requested, captured]],
      ['failed', [requested, failed]],
    ] as const)('a retry is a no-op once %s', (_s, events) => {
      given(paymentDecider, [...events]).when(request).then([]);
    });
  });

  describe('RecordGatewayOutcome', () => {
    it('records a capture with the request data', () => {
      const state = given(paymentDecider, [requested]).when(capture).then([captured]);
      expect(state.status).toBe('captured');
      expect(state.gatewayTransactionId).toBe('gw_1');
    });

    it('records a decline with the failure code and cascade flag', () => {
      const state = given(paymentDecider, [requested]).when(decline).then([failed]);
      expect(state.status).toBe('failed');
      expect(state.failure).toEqual({ failureCode: '-24', message: 'Insufficient funds', allowCascade: false });
    });

    it('keeps allow_cascade true', () => {
      given(paymentDecider, [requested])
        .when({ type: 'RecordGatewayOutcome', outcome: { status: 'declined', failureCode: '-1', message: 'x', allowCascade: true }, at: T1 })
        .then([{ type: 'PaymentFailed', data: { ...failed.data, failureCode: '-1', message: 'x', allowCascade: true } } as PaymentEvent]);
    });

    it('refuses an outcome for a payment never requested', () => {
      given(paymentDecider).when(capture).thenThrows('Invalid request.', { code: 'PAYMENT_NOT_REQUESTED', status: 409 });
    });

    it.each([
      ['captured then captured', [requested, captured], capture],
      ['captured then declined', [requested, captured], decline],
      ['failed then captured', [requested, failed], capture],
      ['failed then declined', [requested, failed], decline],
    ] as const)('records only the first outcome (%s)', (_s, events, cmd) => {
      given(paymentDecider, [...events]).when(cmd).then([]);
    });
  });
});

describe('RecordReversal (refund, void, chargeback)', () => {
  const T2 = '2026-03-05T09:00:00.000Z';
  const reversed = (kind: 'refund' | 'void' | 'chargeback', source = 'evt_1'): PaymentEvent => ({
    type: 'PaymentReversed',
    data: { paymentId: 'pay1', userId: 'u1', purpose, kind, amountCents: 2000, source, reason: null, reversedAt: T2 },
  });

  it.each(['refund', 'void', 'chargeback'] as const)('reverses a captured payment in full (%s)', (kind) => {
    const state = given(paymentDecider, [requested, captured]).when({ type: 'RecordReversal', kind, source: 'evt_1', at: T2 }).then([reversed(kind)]);
    expect(state).toMatchObject({ status: 'reversed', reversal: kind });
  });

  it('keeps the reason staff give', () => {
    given(paymentDecider, [requested, captured])
      .when({ type: 'RecordReversal', kind: 'refund', source: 'staff:admin1', reason: 'Fan asked', at: T2 })
      .then([{ type: 'PaymentReversed', data: { ...(reversed('refund').data as object), source: 'staff:admin1', reason: 'Fan asked' } } as PaymentEvent]);
  });

  it('is a no-op the second time (a repeated notice, or a chargeback after a refund)', () => {
    given(paymentDecider, [requested, captured, reversed('refund')]).when({ type: 'RecordReversal', kind: 'refund', source: 'evt_1', at: T2 }).then([]);
    given(paymentDecider, [requested, captured, reversed('refund')]).when({ type: 'RecordReversal', kind: 'chargeback', source: 'evt_2', at: T2 }).then([]);
  });

  it('refuses with 409 before the capture is known, so the provider delivers the notice again later', () => {
    given(paymentDecider, [requested]).when({ type: 'RecordReversal', kind: 'refund', source: 'evt_1', at: T2 }).thenThrows('The payment is not captured yet.', { code: 'PAYMENT_NOT_CAPTURED', status: 409 });
    given(paymentDecider).when({ type: 'RecordReversal', kind: 'void', source: 'evt_1', at: T2 }).thenThrows('The payment is not captured yet.', { code: 'PAYMENT_NOT_CAPTURED', status: 409 });
  });

  it('ignores a reversal notice about a declined charge', () => {
    given(paymentDecider, [requested, failed]).when({ type: 'RecordReversal', kind: 'chargeback', source: 'evt_1', at: T2 }).then([]);
  });

  it('a capture notice after a reversal changes nothing', () => {
    given(paymentDecider, [requested, captured, reversed('void')]).when(capture).then([]);
  });
});

describe('a payment on the provider page', () => {
  it('waits for the provider until two hours have passed, then is declined as abandoned', () => {
    const at = '2026-03-01T10:00:00.000Z';
    const form = { requestedAt: at, card: hostedCard('ccbill') };
    expect(hostedFormOutcome(form, new Date(Date.parse(at) + HOSTED_FORM_TTL_MS - 1).toISOString())).toBeNull();
    expect(hostedFormOutcome(form, new Date(Date.parse(at) + HOSTED_FORM_TTL_MS).toISOString())).toMatchObject({ status: 'declined', failureCode: FORM_ABANDONED });
    expect(cardLabel(hostedCard('ccbill'))).toBe('CCBill');
    expect(cardLabel({ cardId: 'c1', brand: 'visa', last4: '4242' })).toBe('visa •••• 4242');
  });

  it("a renewal the provider billed is captured with its transaction, however late (the abandonment rule is for first sales)", () => {
    const at = '2026-03-01T10:00:00.000Z';
    const renewal = { requestedAt: at, card: { ...hostedCard('ccbill'), providerRenewal: '0210000000000000001' } };
    expect(hostedFormOutcome(renewal, at)).toEqual({ status: 'captured', gatewayTransactionId: '0210000000000000001' });
    expect(hostedFormOutcome(renewal, new Date(Date.parse(at) + 3 * HOSTED_FORM_TTL_MS).toISOString())).toEqual({ status: 'captured', gatewayTransactionId: '0210000000000000001' });
  });
});

describe('a second sale at the provider for one payment (its page paid twice)', () => {
  const T2 = '2026-03-01T10:05:00.000Z';
  const second: PaymentEvent = {
    type: 'PaymentDuplicateSaleCaptured',
    data: { paymentId: 'pay1', userId: 'u1', purpose, reference: 'gw_2', amountCents: 2000, currency: 'USD', capturedAt: T2 },
  };
  const record: PaymentCommand = { type: 'RecordDuplicateSale', reference: 'gw_2', amountCents: 2000, at: T2 };
  const refund: PaymentCommand = { type: 'RecordDuplicateSaleRefund', reference: 'gw_2', gatewayTransactionId: 'gw_2', at: T2 };
  const refunded: PaymentEvent = {
    type: 'PaymentDuplicateSaleRefunded',
    data: { paymentId: 'pay1', userId: 'u1', purpose, reference: 'gw_2', amountCents: 2000, currency: 'USD', gatewayTransactionId: 'gw_2', refundedAt: T2 },
  };

  it('is recorded once per reference, never for the sale that captured the payment', () => {
    given(paymentDecider, [requested, captured]).when(record).then([second]);
    given(paymentDecider, [requested, captured, second]).when(record).then([]);
    given(paymentDecider, [requested, captured]).when({ ...record, reference: 'gw_1' }).then([]);
  });

  it('waits for the payment to be captured', () => {
    given(paymentDecider, [requested]).when(record).thenThrows('The payment is not captured yet.');
  });

  it('is refunded once, at the amount recorded; a refund of an unknown sale is refused', () => {
    given(paymentDecider, [requested, captured, second]).when(refund).then([refunded]);
    given(paymentDecider, [requested, captured, second, refunded]).when(refund).then([]);
    given(paymentDecider, [requested, captured]).when(refund).thenThrows('No such second sale of this payment.');
  });
});
