// The resubscribe offer (domain/offer): its settings (stream `resubscribe-offer-settings`). Accepting the offer is
// part of the subscribe flow, which reads the settings with loadResubscribeOffer and quotes with the domain.
import type { EventStore } from '../infra/eventstore/port';
import { RESUBSCRIBE_OFFER_STREAM, resubscribeOfferDecider, type ResubscribeOfferSettings } from '../domain/offer/resubscribe-offer';
import { handle, loadStream, type CommandContext } from './handle';

export const saveResubscribeOfferSettings = (ctx: CommandContext, changes: Partial<ResubscribeOfferSettings>, actorId: string) =>
  handle(ctx, RESUBSCRIBE_OFFER_STREAM, resubscribeOfferDecider, { type: 'SaveResubscribeOfferSettings', changes, actorId, at: ctx.now() });

export async function loadResubscribeOffer(store: EventStore): Promise<ResubscribeOfferSettings> {
  return (await loadStream(store, RESUBSCRIBE_OFFER_STREAM, resubscribeOfferDecider)).state;
}
