// Payment aggregate (stream `payment-<id>`): one attempt to take money for one purpose. The payment id is the
// gateway's idempotency key, so asking the gateway again after a crash returns the same charge, never a second one.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';

export const paymentStream = (paymentId: string) => `payment-${paymentId}`;

export type PaymentPurpose =
  | { kind: 'unlock'; postId: string }
  | { kind: 'subscription'; period: number };

export interface CardRef {
  cardId: string;
  brand: string;
  last4: string;
}

export type PaymentEvent =
  | DomainEvent<'PaymentRequested', { paymentId: string; userId: string; purpose: PaymentPurpose; amountCents: number; currency: 'USD'; method: 'card'; card: CardRef; requestedAt: string }>
  | DomainEvent<'PaymentCaptured', { paymentId: string; userId: string; purpose: PaymentPurpose; amountCents: number; currency: 'USD'; method: 'card'; card: CardRef; gatewayTransactionId: string; capturedAt: string }>
  | DomainEvent<'PaymentFailed', { paymentId: string; userId: string; purpose: PaymentPurpose; amountCents: number; failureCode: string; message: string; allowCascade: boolean; failedAt: string }>;

/** What the gateway said about the charge. */
export type GatewayOutcome =
  | { status: 'captured'; gatewayTransactionId: string }
  | { status: 'declined'; failureCode: string; message: string; allowCascade: boolean };

export type PaymentCommand =
  | { type: 'RequestPayment'; paymentId: string; userId: string; purpose: PaymentPurpose; amountCents: number; card: CardRef; at: string }
  | { type: 'RecordGatewayOutcome'; outcome: GatewayOutcome; at: string };

export type PaymentStatus = 'none' | 'requested' | 'captured' | 'failed';

export interface PaymentState {
  status: PaymentStatus;
  request: Extract<PaymentEvent, { type: 'PaymentRequested' }>['data'] | null;
  gatewayTransactionId: string | null;
  failure: { failureCode: string; message: string; allowCascade: boolean } | null;
}

export const paymentDecider: Decider<PaymentCommand, PaymentEvent, PaymentState> = {
  initialState: () => ({ status: 'none', request: null, gatewayTransactionId: null, failure: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'PaymentRequested':
        return { ...state, status: 'requested', request: event.data };
      case 'PaymentCaptured':
        return { ...state, status: 'captured', gatewayTransactionId: event.data.gatewayTransactionId };
      case 'PaymentFailed':
        return { ...state, status: 'failed', failure: { failureCode: event.data.failureCode, message: event.data.message, allowCascade: event.data.allowCascade } };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RequestPayment': {
        if (state.status !== 'none') return []; // a retry of the same payment: already requested
        if (!Number.isInteger(command.amountCents) || command.amountCents <= 0)
          throw new DomainError('Invalid request.', 'INVALID_AMOUNT', 400, { field: 'amount' });
        return [
          {
            type: 'PaymentRequested',
            data: { paymentId: command.paymentId, userId: command.userId, purpose: command.purpose, amountCents: command.amountCents, currency: 'USD', method: 'card', card: command.card, requestedAt: command.at },
          },
        ];
      }
      case 'RecordGatewayOutcome': {
        if (state.status === 'captured' || state.status === 'failed') return []; // outcome already recorded
        if (!state.request) throw new DomainError('Invalid request.', 'PAYMENT_NOT_REQUESTED', 409);
        const r = state.request;
        if (command.outcome.status === 'captured') {
          return [
            {
              type: 'PaymentCaptured',
              data: { paymentId: r.paymentId, userId: r.userId, purpose: r.purpose, amountCents: r.amountCents, currency: r.currency, method: r.method, card: r.card, gatewayTransactionId: command.outcome.gatewayTransactionId, capturedAt: command.at },
            },
          ];
        }
        return [
          {
            type: 'PaymentFailed',
            data: { paymentId: r.paymentId, userId: r.userId, purpose: r.purpose, amountCents: r.amountCents, failureCode: command.outcome.failureCode, message: command.outcome.message, allowCascade: command.outcome.allowCascade, failedAt: command.at },
          },
        ];
      }
    }
  },
};
