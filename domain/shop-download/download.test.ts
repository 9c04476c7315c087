import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import {
  DOWNLOAD_CANCELLED, DOWNLOAD_CHARGED_BACK, DOWNLOAD_EXPIRED, DOWNLOAD_LIMIT, DOWNLOAD_NOT_PAID, DOWNLOAD_REFUNDED, DOWNLOADS_PER_LINE, NOT_A_DOWNLOAD,
  downloadAllowance, downloadDecider, type DownloadEvent, type DownloadOrderFacts,
} from './download';

const delivered = '2026-11-01T10:00:00.000Z';
const at = '2026-11-02T10:00:00.000Z';
const facts: DownloadOrderFacts = { userId: 'u1', status: 'fulfilled', deliveredAt: delivered, line: { kind: 'digital', quantity: 1, refundedQuantity: 0 } };
const download = (order: Partial<DownloadOrderFacts> = {}, when = at, userId = 'u1') =>
  ({ type: 'DownloadDigitalItem' as const, orderId: 'o1', lineNo: 1, userId, productId: 'p1', order: { ...facts, ...order }, at: when });
const downloaded = (n: number, when = at): DownloadEvent => ({ type: 'ShopDigitalDownloaded', data: { orderId: 'o1', lineNo: 1, userId: 'u1', productId: 'p1', downloadNo: n, downloadedAt: when } });

describe('digital downloads', () => {
  it('each download is an event numbered in turn, up to the limit', () => {
    given(downloadDecider).when(download()).then([downloaded(1)]);
    const used = Array.from({ length: DOWNLOADS_PER_LINE - 1 }, (_, i) => downloaded(i + 1));
    given(downloadDecider, used).when(download()).then([downloaded(DOWNLOADS_PER_LINE)]);
    given(downloadDecider, [...used, downloaded(DOWNLOADS_PER_LINE)]).when(download()).thenThrows(DOWNLOAD_LIMIT, { code: 'DOWNLOAD_LIMIT', status: 403 });
  });

  it('another fan, a physical line, an unpaid, cancelled, refunded or charged-back order, and an expired link are refused', () => {
    given(downloadDecider).when(download({}, at, 'u2')).thenThrows('Order not found.', { status: 404 });
    given(downloadDecider).when(download({ line: { kind: 'physical', quantity: 1, refundedQuantity: 0 } })).thenThrows(NOT_A_DOWNLOAD, { details: { field: 'line_no' } });
    given(downloadDecider).when(download({ line: null })).thenThrows(NOT_A_DOWNLOAD);
    given(downloadDecider).when(download({ status: 'placed', deliveredAt: null })).thenThrows(DOWNLOAD_NOT_PAID, { status: 409 });
    given(downloadDecider).when(download({ status: 'cancelled' })).thenThrows(DOWNLOAD_CANCELLED, { status: 410 });
    given(downloadDecider).when(download({ status: 'refunded' })).thenThrows(DOWNLOAD_REFUNDED, { status: 410 });
    given(downloadDecider).when(download({ line: { kind: 'digital', quantity: 2, refundedQuantity: 2 } })).thenThrows(DOWNLOAD_REFUNDED);
    given(downloadDecider).when(download({ line: { kind: 'digital', quantity: 2, refundedQuantity: 1 } })).then([downloaded(1)]);
    given(downloadDecider).when(download({ status: 'charged_back' })).thenThrows(DOWNLOAD_CHARGED_BACK, { status: 410 });
    given(downloadDecider).when(download({}, '2026-12-01T10:00:00.000Z')).thenThrows(DOWNLOAD_EXPIRED, { code: 'DOWNLOAD_EXPIRED', status: 410 });
    given(downloadDecider).when(download({}, '2026-12-01T09:59:59.999Z')).then([downloaded(1, '2026-12-01T09:59:59.999Z')]);
  });

  it("the shop's rules set the limit and the days, with messages that name them", () => {
    const rules = { limit: 1, days: 2, linkMinutes: 1 };
    given(downloadDecider).when({ ...download(), rules }).then([downloaded(1)]);
    given(downloadDecider, [downloaded(1)]).when({ ...download(), rules }).thenThrows('You have used the one download of this item.', { code: 'DOWNLOAD_LIMIT', status: 403 });
    given(downloadDecider).when({ ...download({}, '2026-11-03T10:00:00.000Z'), rules }).thenThrows('This download has expired (downloads last 2 days).', { status: 410 });
    expect(downloadAllowance(facts, 0, at, { limit: 3, days: 40, linkMinutes: 5 })).toMatchObject({ limit: 3, remaining: 3, expiresAt: '2026-12-11T10:00:00.000Z' });
  });

  it('the allowance shows what is left and until when', () => {
    expect(downloadAllowance(facts, 2, at)).toEqual({ limit: DOWNLOADS_PER_LINE, used: 2, remaining: DOWNLOADS_PER_LINE - 2, expiresAt: '2026-12-01T10:00:00.000Z', refusal: null });
    expect(downloadAllowance({ ...facts, status: 'completed' }, 0, at).refusal).toBeNull();
  });
});
