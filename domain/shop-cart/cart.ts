// A fan's shopping cart (stream `shop-cart-<userId>`): lines of product variants and how many of each. Prices are
// not kept here — checkout prices the lines at that moment (a sale may have started or ended since). Checking out
// empties the cart of the lines the order took.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';

export const shopCartStream = (userId: string) => `shop-cart-${userId}`;

export const CART_LINES_MAX = 50;
export const CART_QUANTITY_MAX = 99;
export const CART_LINE_NOT_FOUND = 'This item is not in your cart.';

export interface CartLine {
  productId: string;
  variantId: string;
  quantity: number;
}

export type CartEvent =
  | DomainEvent<'ShopCartLineAdded', { userId: string; productId: string; variantId: string; quantity: number; addedAt: string }>
  | DomainEvent<'ShopCartLineChanged', { userId: string; variantId: string; quantity: number; changedAt: string }>
  | DomainEvent<'ShopCartLineRemoved', { userId: string; variantId: string; removedAt: string }>
  /** The lines an order took at checkout left the cart. */
  | DomainEvent<'ShopCartCheckedOut', { userId: string; orderId: string; variantIds: string[]; checkedOutAt: string }>;

export type CartCommand =
  /** Adds to the line of that variant (or starts it). */
  | { type: 'AddToCart'; userId: string; productId: string; variantId: string; quantity: number; at: string }
  | { type: 'SetCartQuantity'; userId: string; variantId: string; quantity: number; at: string }
  | { type: 'RemoveFromCart'; userId: string; variantId: string; at: string }
  | { type: 'CheckOutCart'; userId: string; orderId: string; variantIds: string[]; at: string };

export interface CartState {
  lines: CartLine[];
  /** Orders already checked out of this cart: the same checkout again changes nothing. */
  orders: string[];
}

const checkQuantity = (quantity: number) => {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > CART_QUANTITY_MAX)
    throw new ValidationError('quantity', `Quantity must be between 1 and ${CART_QUANTITY_MAX}.`);
};

/** How many items the navbar shows. */
export const cartCount = (lines: readonly { quantity: number }[]): number => lines.reduce((n, l) => n + l.quantity, 0);

export const cartDecider: Decider<CartCommand, CartEvent, CartState> = {
  initialState: () => ({ lines: [], orders: [] }),
  evolve(s, e) {
    switch (e.type) {
      case 'ShopCartLineAdded': {
        const line = s.lines.find((l) => l.variantId === e.data.variantId);
        if (line) return { ...s, lines: s.lines.map((l) => (l === line ? { ...l, quantity: l.quantity + e.data.quantity } : l)) };
        return { ...s, lines: [...s.lines, { productId: e.data.productId, variantId: e.data.variantId, quantity: e.data.quantity }] };
      }
      case 'ShopCartLineChanged':
        return { ...s, lines: s.lines.map((l) => (l.variantId === e.data.variantId ? { ...l, quantity: e.data.quantity } : l)) };
      case 'ShopCartLineRemoved':
        return { ...s, lines: s.lines.filter((l) => l.variantId !== e.data.variantId) };
      case 'ShopCartCheckedOut':
        return { lines: s.lines.filter((l) => !e.data.variantIds.includes(l.variantId)), orders: [...s.orders, e.data.orderId] };
    }
  },
  decide(c, s) {
    const line = 'variantId' in c ? s.lines.find((l) => l.variantId === c.variantId) : undefined;
    switch (c.type) {
      case 'AddToCart': {
        checkQuantity(c.quantity);
        if (!line && s.lines.length >= CART_LINES_MAX) throw new DomainError(`Your cart holds at most ${CART_LINES_MAX} items.`, 'CART_FULL', 409);
        const quantity = Math.min(CART_QUANTITY_MAX - (line?.quantity ?? 0), c.quantity);
        if (quantity <= 0) throw new ValidationError('quantity', `Quantity must be between 1 and ${CART_QUANTITY_MAX}.`);
        return [{ type: 'ShopCartLineAdded', data: { userId: c.userId, productId: c.productId, variantId: c.variantId, quantity, addedAt: c.at } }];
      }
      case 'SetCartQuantity':
        checkQuantity(c.quantity);
        if (!line) throw new DomainError(CART_LINE_NOT_FOUND, 'CART_LINE_NOT_FOUND', 404);
        return line.quantity === c.quantity ? [] : [{ type: 'ShopCartLineChanged', data: { userId: c.userId, variantId: c.variantId, quantity: c.quantity, changedAt: c.at } }];
      case 'RemoveFromCart':
        return line ? [{ type: 'ShopCartLineRemoved', data: { userId: c.userId, variantId: c.variantId, removedAt: c.at } }] : [];
      case 'CheckOutCart':
        if (s.orders.includes(c.orderId)) return [];
        return [{ type: 'ShopCartCheckedOut', data: { userId: c.userId, orderId: c.orderId, variantIds: c.variantIds, checkedOutAt: c.at } }];
    }
  },
};
