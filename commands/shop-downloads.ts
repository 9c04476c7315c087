// A buyer downloads a digital item of their paid order: the order's stream says whether they may (theirs, paid,
// not refunded, cancelled or charged back, within the expiry), the line's download stream counts the download.
import { loadStream, handle, type CommandContext } from './handle';
import { orderDecider, shopOrderStream } from '../domain/shop-order/order';
import { downloadDecider, downloadFactsOf, shopDownloadStream, type DownloadRules } from '../domain/shop-download/download';

/** Records one download of the line under the shop's rules; answers its number (1 for the first). Refusals are the domain's. */
export async function downloadDigitalItem(ctx: CommandContext, userId: string, orderId: string, lineNo: number, productId: string, rules?: DownloadRules): Promise<number> {
  const { state: order } = await loadStream(ctx.store, shopOrderStream(orderId), orderDecider);
  const result = await handle(
    ctx, shopDownloadStream(orderId, lineNo), downloadDecider,
    { type: 'DownloadDigitalItem', orderId, lineNo, userId, productId, order: downloadFactsOf(order, lineNo), at: ctx.now(), rules },
    // A retry of the same request (its Idempotency-Key) is the same download, counted once.
    { eventId: () => ctx.idFor('shop-download') },
  );
  return result.state.used;
}
