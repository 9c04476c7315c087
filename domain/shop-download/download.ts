// Downloads of a paid order's digital item (stream `shop-download-<orderId>-<lineNo>`): each download is an event,
// so the count per line is exact under concurrent clicks. A line may be downloaded `limit` times within `days` of its
// delivery (the shop's settings, as they stand when asked), by its buyer only, while neither the line nor the order
// was refunded, cancelled or charged back. The order's facts arrive in the command (the order is its own aggregate).
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import { ORDER_NOT_FOUND, type OrderState } from '../shop-order/order';

/** How often and how long a bought digital item can be downloaded, and how long each file link lasts. */
export interface DownloadRules {
  limit: number;
  days: number;
  linkMinutes: number;
}
export const DEFAULT_DOWNLOAD_RULES: DownloadRules = { limit: 5, days: 30, linkMinutes: 5 };
/** The bounds the settings keep each rule within (inclusive). */
export const DOWNLOAD_RULE_BOUNDS = { limit: [1, 100], days: [1, 3650], linkMinutes: [1, 60] } as const;
export const DOWNLOADS_PER_LINE = DEFAULT_DOWNLOAD_RULES.limit;
export const DOWNLOAD_DAYS = DEFAULT_DOWNLOAD_RULES.days;

export const DOWNLOAD_NOT_PAID = 'This order is not paid yet.';
export const DOWNLOAD_CANCELLED = 'This order was cancelled, so its downloads are closed.';
export const DOWNLOAD_REFUNDED = 'This item was refunded, so it can no longer be downloaded.';
export const DOWNLOAD_CHARGED_BACK = 'This order was charged back, so its downloads are closed.';
export const downloadExpiredMessage = (days: number) => `This download has expired (downloads last ${days} day${days === 1 ? '' : 's'}).`;
export const downloadLimitMessage = (limit: number) => (limit === 1 ? 'You have used the one download of this item.' : `You have used all ${limit} downloads of this item.`);
export const DOWNLOAD_EXPIRED = downloadExpiredMessage(DOWNLOAD_DAYS);
export const DOWNLOAD_LIMIT = downloadLimitMessage(DOWNLOADS_PER_LINE);
export const NOT_A_DOWNLOAD = 'This item is not a download.';

export const shopDownloadStream = (orderId: string, lineNo: number) => `shop-download-${orderId}-${lineNo}`;

export type DownloadEvent = DomainEvent<'ShopDigitalDownloaded', { orderId: string; lineNo: number; userId: string; productId: string; downloadNo: number; downloadedAt: string }>;

/** What the rules need of the order: as its stream folds (domain/shop-order) or as its read model shows it. */
export interface DownloadOrderFacts {
  userId: string | null;
  status: OrderState['status'];
  deliveredAt: string | null;
  line: { kind: 'physical' | 'digital'; quantity: number; refundedQuantity: number } | null;
}

export interface DownloadAllowance {
  limit: number;
  used: number;
  remaining: number;
  /** Until when the item can be downloaded; null before delivery. */
  expiresAt: string | null;
  /** Why a download is refused now (the message the buyer sees); null: it may be downloaded. */
  refusal: { message: string; code: string; status: number } | null;
}

const DAY_MS = 86_400_000;
export const downloadExpiry = (deliveredAt: string, days = DOWNLOAD_DAYS) => new Date(Date.parse(deliveredAt) + days * DAY_MS).toISOString();

/** What is left of a digital line's downloads at `at`, and why a download would be refused (not counting who asks). */
export function downloadAllowance(o: DownloadOrderFacts, used: number, at: string, rules: DownloadRules = DEFAULT_DOWNLOAD_RULES): DownloadAllowance {
  const { limit, days } = rules;
  const expiresAt = o.deliveredAt ? downloadExpiry(o.deliveredAt, days) : null;
  const remaining = Math.max(0, limit - used);
  const refuse = (message: string, code: string, status: number) => ({ limit, used, remaining, expiresAt, refusal: { message, code, status } });
  const line = o.line;
  if (o.status === 'cancelled') return refuse(DOWNLOAD_CANCELLED, 'DOWNLOAD_CLOSED', 410);
  if (o.status === 'charged_back') return refuse(DOWNLOAD_CHARGED_BACK, 'DOWNLOAD_CLOSED', 410);
  if (o.status === 'refunded' || (line && line.refundedQuantity >= line.quantity)) return refuse(DOWNLOAD_REFUNDED, 'DOWNLOAD_REFUNDED', 410);
  if (o.status === 'placed' || o.status === 'failed' || !expiresAt) return refuse(DOWNLOAD_NOT_PAID, 'DOWNLOAD_NOT_PAID', 409);
  if (at >= expiresAt) return refuse(downloadExpiredMessage(days), 'DOWNLOAD_EXPIRED', 410);
  if (remaining === 0) return refuse(downloadLimitMessage(limit), 'DOWNLOAD_LIMIT', 403);
  return { limit, used, remaining, expiresAt, refusal: null };
}

export type DownloadCommand = {
  type: 'DownloadDigitalItem'; orderId: string; lineNo: number; userId: string; productId: string; order: DownloadOrderFacts; at: string;
  /** The shop's rules as they stand now; the defaults when left out. */
  rules?: DownloadRules;
};

export interface DownloadState {
  used: number;
}

export const downloadDecider: Decider<DownloadCommand, DownloadEvent, DownloadState> = {
  initialState: () => ({ used: 0 }),
  evolve: (s, e) => ({ used: Math.max(s.used, e.data.downloadNo) }),
  decide(c, s) {
    // Another fan's order is answered as if it did not exist.
    if (!c.order.status || c.order.userId !== c.userId) throw new DomainError(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND', 404);
    if (!c.order.line || c.order.line.kind !== 'digital') throw new ValidationError('line_no', NOT_A_DOWNLOAD);
    const { refusal } = downloadAllowance(c.order, s.used, c.at, c.rules);
    if (refusal) throw new DomainError(refusal.message, refusal.code, refusal.status);
    return [{ type: 'ShopDigitalDownloaded', data: { orderId: c.orderId, lineNo: c.lineNo, userId: c.userId, productId: c.productId, downloadNo: s.used + 1, downloadedAt: c.at } }];
  },
};

/** The facts of one line of an order as its stream folds. */
export function downloadFactsOf(order: OrderState, lineNo: number): DownloadOrderFacts {
  const line = order.lines.find((l) => l.lineNo === lineNo);
  return {
    userId: order.userId, status: order.status, deliveredAt: order.deliveredAt,
    line: line ? { kind: line.kind, quantity: line.quantity, refundedQuantity: order.refunded[lineNo] ?? 0 } : null,
  };
}
