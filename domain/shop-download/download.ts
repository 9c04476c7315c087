// Downloads of a paid order's digital item (stream `shop-download-<orderId>-<lineNo>`): each download is an event,
// so the count per line is exact under concurrent clicks. A line may be downloaded DOWNLOADS_PER_LINE times within
// DOWNLOAD_DAYS of its delivery, by its buyer only, while neither the line nor the order was refunded, cancelled or
// charged back. The order's facts arrive in the command (the order is its own aggregate).
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import { ORDER_NOT_FOUND, type OrderState } from '../shop-order/order';

export const DOWNLOADS_PER_LINE = 5;
export const DOWNLOAD_DAYS = 30;
/** How long the file's own signed link, handed out per download, stays valid. */
export const DOWNLOAD_LINK_SECONDS = 300;

export const DOWNLOAD_NOT_PAID = 'This order is not paid yet.';
export const DOWNLOAD_CANCELLED = 'This order was cancelled, so its downloads are closed.';
export const DOWNLOAD_REFUNDED = 'This item was refunded, so it can no longer be downloaded.';
export const DOWNLOAD_CHARGED_BACK = 'This order was charged back, so its downloads are closed.';
export const DOWNLOAD_EXPIRED = `This download has expired (downloads last ${DOWNLOAD_DAYS} days).`;
export const DOWNLOAD_LIMIT = `You have used all ${DOWNLOADS_PER_LINE} downloads of this item.`;
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
export const downloadExpiry = (deliveredAt: string) => new Date(Date.parse(deliveredAt) + DOWNLOAD_DAYS * DAY_MS).toISOString();

/** What is left of a digital line's downloads at `at`, and why a download would be refused (not counting who asks). */
export function downloadAllowance(o: DownloadOrderFacts, used: number, at: string): DownloadAllowance {
  const expiresAt = o.deliveredAt ? downloadExpiry(o.deliveredAt) : null;
  const remaining = Math.max(0, DOWNLOADS_PER_LINE - used);
  const refuse = (message: string, code: string, status: number) => ({ limit: DOWNLOADS_PER_LINE, used, remaining, expiresAt, refusal: { message, code, status } });
  const line = o.line;
  if (o.status === 'cancelled') return refuse(DOWNLOAD_CANCELLED, 'DOWNLOAD_CLOSED', 410);
  if (o.status === 'charged_back') return refuse(DOWNLOAD_CHARGED_BACK, 'DOWNLOAD_CLOSED', 410);
  if (o.status === 'refunded' || (line && line.refundedQuantity >= line.quantity)) return refuse(DOWNLOAD_REFUNDED, 'DOWNLOAD_REFUNDED', 410);
  if (o.status === 'placed' || o.status === 'failed' || !expiresAt) return refuse(DOWNLOAD_NOT_PAID, 'DOWNLOAD_NOT_PAID', 409);
  if (at >= expiresAt) return refuse(DOWNLOAD_EXPIRED, 'DOWNLOAD_EXPIRED', 410);
  if (remaining === 0) return refuse(DOWNLOAD_LIMIT, 'DOWNLOAD_LIMIT', 403);
  return { limit: DOWNLOADS_PER_LINE, used, remaining, expiresAt, refusal: null };
}

export type DownloadCommand = { type: 'DownloadDigitalItem'; orderId: string; lineNo: number; userId: string; productId: string; order: DownloadOrderFacts; at: string };

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
    const { refusal } = downloadAllowance(c.order, s.used, c.at);
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
