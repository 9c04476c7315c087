// Stock of one product variant (stream `shop-stock-<variantId>`). Checkout reserves items under a reservation id
// (the order's) before any money moves; a failed or abandoned payment releases them; the capture turns the
// reservation into a sale; a refund or cancellation after the sale puts the items back. Every change is an event
// appended with the revision it was decided on, so two buyers of the last item cannot both reserve it: the second
// decides again on the first one's reservation and is told it is sold out. Stock never set is unlimited (a
// digital file, say); reservations are still recorded so a sale is counted the same way.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import { SOLD_OUT } from '../shop-product/product';

export const shopStockStream = (variantId: string) => `shop-stock-${variantId}`;

/** How long checkout holds reserved items for a payment that has not finished. */
export const RESERVATION_MINUTES = 15;
export const STOCK_MAX = 1_000_000;

export interface Reservation {
  quantity: number;
  expiresAt: string;
}

export type StockReleaseReason = 'payment_failed' | 'expired' | 'cancelled';

export type StockEvent =
  /** Staff set how many are on hand (not counting reserved items); null: unlimited. */
  | DomainEvent<'ShopStockSet', { variantId: string; productId: string; onHand: number | null; setBy: string; setAt: string }>
  | DomainEvent<'ShopStockReserved', { variantId: string; productId: string; reservationId: string; quantity: number; expiresAt: string; reservedAt: string }>
  | DomainEvent<'ShopStockReleased', { variantId: string; productId: string; reservationId: string; quantity: number; reason: StockReleaseReason; releasedAt: string }>
  | DomainEvent<'ShopStockSold', { variantId: string; productId: string; reservationId: string; quantity: number; soldAt: string }>
  | DomainEvent<'ShopStockReturned', { variantId: string; productId: string; reservationId: string; quantity: number; returnedAt: string }>;

export type StockCommand =
  | { type: 'SetStock'; variantId: string; productId: string; onHand: number | null; userId: string; at: string }
  | { type: 'ReserveStock'; variantId: string; productId: string; reservationId: string; quantity: number; at: string; expiresAt: string }
  | { type: 'ReleaseStock'; variantId: string; reservationId: string; reason: StockReleaseReason; at: string }
  /** The payment was captured: the reservation becomes a sale (`quantity` is what the order holds, for a hold already released). */
  | { type: 'SellStock'; variantId: string; reservationId: string; quantity: number; at: string }
  /** Puts back `quantity` sold items of a reservation (a refund or cancellation of a paid order; a line refund may put back part). */
  | { type: 'ReturnStock'; variantId: string; reservationId: string; quantity: number; at: string };

export interface StockState {
  productId: string | null;
  /** Items on hand and not reserved or sold; null: unlimited. */
  onHand: number | null;
  /** Reserved and not yet sold or released, by reservation id. */
  held: Record<string, Reservation>;
  /** Sold per reservation, less what came back. */
  sold: Record<string, number>;
}

const soldOut = (left: number) => new DomainError(SOLD_OUT, 'SOLD_OUT', 409, { available: left });

export const stockDecider: Decider<StockCommand, StockEvent, StockState> = {
  initialState: () => ({ productId: null, onHand: null, held: {}, sold: {} }),
  evolve(s, e) {
    const minus = (n: number) => (s.onHand === null ? null : s.onHand - n);
    const plus = (n: number) => (s.onHand === null ? null : s.onHand + n);
    switch (e.type) {
      case 'ShopStockSet':
        return { ...s, productId: e.data.productId, onHand: e.data.onHand };
      case 'ShopStockReserved':
        return { ...s, productId: e.data.productId, onHand: minus(e.data.quantity), held: { ...s.held, [e.data.reservationId]: { quantity: e.data.quantity, expiresAt: e.data.expiresAt } } };
      case 'ShopStockReleased': {
        const { [e.data.reservationId]: _gone, ...held } = s.held;
        return { ...s, onHand: plus(e.data.quantity), held };
      }
      case 'ShopStockSold': {
        const { [e.data.reservationId]: was, ...held } = s.held;
        // A sale of a reservation already released (the payment came in after the hold ran out) takes from stock again.
        const onHand = was ? s.onHand : minus(e.data.quantity);
        return { ...s, onHand, held, sold: { ...s.sold, [e.data.reservationId]: (s.sold[e.data.reservationId] ?? 0) + e.data.quantity } };
      }
      case 'ShopStockReturned':
        return { ...s, onHand: plus(e.data.quantity), sold: { ...s.sold, [e.data.reservationId]: (s.sold[e.data.reservationId] ?? 0) - e.data.quantity } };
    }
  },
  decide(c, s) {
    switch (c.type) {
      case 'SetStock': {
        if (c.onHand !== null && (!Number.isInteger(c.onHand) || c.onHand < 0 || c.onHand > STOCK_MAX))
          throw new ValidationError('stock', `Stock must be a whole number between 0 and ${STOCK_MAX}.`);
        if (s.onHand === c.onHand && s.productId) return [];
        return [{ type: 'ShopStockSet', data: { variantId: c.variantId, productId: c.productId, onHand: c.onHand, setBy: c.userId, setAt: c.at } }];
      }
      case 'ReserveStock': {
        if (!Number.isInteger(c.quantity) || c.quantity < 1) throw new ValidationError('quantity', 'Quantity must be at least 1.');
        // The same reservation again (a retry of the same checkout) holds nothing more.
        if (s.held[c.reservationId] || s.sold[c.reservationId] !== undefined) return [];
        // Holds that ran out go back first, so an abandoned checkout never keeps the last item from a buyer.
        const expired = Object.entries(s.held).filter(([, r]) => r.expiresAt <= c.at);
        const releases: StockEvent[] = expired.map(([reservationId, r]) => ({
          type: 'ShopStockReleased',
          data: { variantId: c.variantId, productId: s.productId ?? c.productId, reservationId, quantity: r.quantity, reason: 'expired', releasedAt: c.at },
        }));
        const left = s.onHand === null ? null : s.onHand + expired.reduce((n, [, r]) => n + r.quantity, 0);
        if (left !== null && left < c.quantity) throw soldOut(left);
        return [
          ...releases,
          { type: 'ShopStockReserved', data: { variantId: c.variantId, productId: c.productId, reservationId: c.reservationId, quantity: c.quantity, expiresAt: c.expiresAt, reservedAt: c.at } },
        ];
      }
      case 'ReleaseStock': {
        const r = s.held[c.reservationId];
        if (!r) return [];
        return [{ type: 'ShopStockReleased', data: { variantId: c.variantId, productId: s.productId!, reservationId: c.reservationId, quantity: r.quantity, reason: c.reason, releasedAt: c.at } }];
      }
      case 'SellStock': {
        const r = s.held[c.reservationId];
        if (r) return [{ type: 'ShopStockSold', data: { variantId: c.variantId, productId: s.productId!, reservationId: c.reservationId, quantity: r.quantity, soldAt: c.at } }];
        if (s.sold[c.reservationId] !== undefined) return []; // sold already
        // The hold was released before the payment came in: the items are taken again if they are still there,
        // otherwise the buyer cannot have them (the order is refunded).
        if (s.onHand !== null && s.onHand < c.quantity) throw soldOut(s.onHand);
        return [{ type: 'ShopStockSold', data: { variantId: c.variantId, productId: s.productId!, reservationId: c.reservationId, quantity: c.quantity, soldAt: c.at } }];
      }
      case 'ReturnStock': {
        const sold = s.sold[c.reservationId] ?? 0;
        const quantity = Math.min(sold, c.quantity);
        if (quantity <= 0) return [];
        return [{ type: 'ShopStockReturned', data: { variantId: c.variantId, productId: s.productId!, reservationId: c.reservationId, quantity, returnedAt: c.at } }];
      }
    }
  },
};

