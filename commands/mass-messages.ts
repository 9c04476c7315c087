// Mass and welcome messages: staff record a message for many fans; delivery
// runs in the background (commands/message-delivery.ts), so the request returns as soon as the message is
// recorded. A welcome-message version is a mass message of kind 'welcome' made current on `welcome-message`.
//
// A fan's copy is a chat message whose own stream (`chat-message-<copyId>`) is empty until the copy is first
// bought or unlocked by staff: recordMassCopy then writes MassMessageCopyRecorded there (from the mass
// message's state, checked), so the one chat-unlock purchase path and its payment kind work on copies unchanged.
import { DomainError } from '../domain/shared/decider';
import { ValidationError } from '../domain/shared/validation';
import type { Role } from '../domain/shared/wire';
import { mediaDecider, mediaStream } from '../domain/media/media';
import { CHAT_MEDIA_MAX, chatMessageDecider, chatMessageStream, tooManyMedia, type ChatMediaRef } from '../domain/chat/chat-message';
import { massMessageDecider, massMessageStream, newMassCategoryProblem, validateMassMessage, type CreateMassMessage, type MassKind, type MassMessageState } from '../domain/chat/mass-message';
import { CATEGORY_MESSAGES, MEDIA_CATEGORIES_STREAM, categoryDecider, isReservedCategoryId } from '../domain/category/category';
import { WELCOME_MESSAGE_STREAM, welcomeMessageDecider } from '../domain/chat/welcome-message';
import type { NewUserDelay, SendTo } from '../domain/chat/delivery';
import type { MassSegment } from '../domain/chat/audience';
import { fanUploaderOf } from './media-owner';
import { derivedId, handle, loadStream, observedEarlierAttempt, type CommandContext } from './handle';
import { loadSettings } from './settings';
import { requestVideoReprocessing } from './media-ops';
import { offeredTierIds } from './membership-plans';

/** Who sends mass messages and sets the welcome message (not live_stream_manager, not support). */
export const MASS_SENDERS: readonly Role[] = ['admin', 'super_admin', 'sub_admin', 'model', 'content_manager'];

const forbidden = () => new DomainError('You do not have access to this.', 'FORBIDDEN', 403);

/** A fan's copy of a mass message: its chat message id. */
export const massCopyId = (massId: string, fanId: string) => derivedId('mass-copy', massId, fanId);

async function mediaRefs(ctx: CommandContext, ids: string[], field: string): Promise<ChatMediaRef[]> {
  const states = await Promise.all(ids.map((id) => loadStream(ctx.store, mediaStream(id), mediaDecider)));
  return states.map(({ state, events }, i) => {
    // A fan's chat upload is private to their conversation (commands/media-owner.ts): as if it did not exist.
    if (!state.kind || state.status === 'none' || state.removed || fanUploaderOf(events)) throw new ValidationError(field, 'Media not found.');
    return { mediaId: ids[i], kind: state.kind };
  });
}

export interface MassMessageInput {
  staffId: string;
  role: Role;
  kind: MassKind;
  messageType: 'text' | 'photo' | 'video' | 'gallery';
  text: string;
  mediaIds: string[];
  previewMediaIds: string[];
  locked: boolean;
  priceCents: number;
  sendTo: SendTo;
  newUserDelay: NewUserDelay;
  delayByHours: number | null;
  scheduledAt: string | null;
  /** A library category (its id) or a new one to create; the message's media go into it. */
  category: string | { newName: string } | null;
  uniqueId: string | null;
  /** An audience by behaviour (domain/chat/audience.ts); the route has checked that its post exists. */
  segment?: MassSegment | null;
  /** A locked message for members of this tier and above (null: every subscriber who gets it). */
  minTierId?: string | null;
}

/** Records a mass message (or a welcome version); returns its id. The same uniqueId again is the same message. */
export async function createMassMessage(ctx: CommandContext, input: MassMessageInput): Promise<string> {
  if (!MASS_SENDERS.includes(input.role)) throw forbidden();
  if (input.mediaIds.length > CHAT_MEDIA_MAX) throw new ValidationError('media', tooManyMedia(input.mediaIds.length));
  const [settings, media, previews, tierIds] = await Promise.all([
    loadSettings(ctx.store),
    mediaRefs(ctx, [...new Set(input.mediaIds)], 'media'),
    input.previewMediaIds.length === 1 ? mediaRefs(ctx, input.previewMediaIds, 'media_preview') : Promise.resolve([]),
    offeredTierIds(ctx.store, input.minTierId),
  ]);
  const massId = input.uniqueId ? derivedId(input.kind, input.staffId, input.uniqueId) : ctx.idFor('mass-message');
  const command: CreateMassMessage = {
    type: 'CreateMassMessage', massId, kind: input.kind, senderId: input.staffId, messageType: input.messageType, text: input.text, media,
    previewMediaIds: previews.length ? previews.map((p) => p.mediaId) : input.previewMediaIds, locked: input.locked, priceCents: input.priceCents,
    bounds: { minDollars: settings.content_unlock_minimum_amount, maxDollars: settings.content_unlock_maximum_amount },
    sendTo: input.sendTo, newUserDelay: input.newUserDelay, delayByHours: input.delayByHours, scheduledAt: input.scheduledAt, category: null,
    uniqueId: input.uniqueId, segment: input.segment ?? null, minTierId: input.minTierId ?? null, tierIds, at: ctx.now(),
  };
  if (input.category && input.kind === 'mass') {
    // The same send repeated (uniqueId) is the message recorded already: no second category, no error for the first.
    if ((await loadMassMessage(ctx, massId)).state.status !== 'none') {
      await observedEarlierAttempt(ctx);
      return massId;
    }
    validateMassMessage(command); // the message's own rules first: an invalid message creates no category
    command.category = await massCategory(ctx, massId, input.category);
  }
  const created = await handle(ctx, massMessageStream(massId), massMessageDecider, command);
  // The same send again (uniqueId or Idempotency-Key): the answer shows the message recorded by the first attempt.
  if (created.events.length === 0) await observedEarlierAttempt(ctx);
  // The message's media (and its preview) go into the chosen library category, where the Content Manager shows them.
  const mediaIds = [...media.map((m) => m.mediaId), ...(command.previewMediaIds[0] ? [command.previewMediaIds[0]] : [])];
  if (command.category && mediaIds.length)
    await handle(ctx, MEDIA_CATEGORIES_STREAM, categoryDecider, { type: 'AddMediaToCategory', categoryId: command.category, mediaIds, at: ctx.now() });
  return massId;
}

/**
 * The library category a mass message names: an existing one by id ('Invalid Request' when it is unknown,
 * deleted or reserved), or a new one created now under the spec's rules ('Category not allow empty', 'Category
 * name cannot be more than 30 characters.', 'Category already exist.'). Returns its id.
 */
async function massCategory(ctx: CommandContext, massId: string, category: string | { newName: string }): Promise<string> {
  const { state } = await loadStream(ctx.store, MEDIA_CATEGORIES_STREAM, categoryDecider);
  if (typeof category === 'string') {
    const found = state.categories.get(category);
    if (isReservedCategoryId(category) || !found || found.deleted) throw new ValidationError('category', CATEGORY_MESSAGES.invalidRequest);
    return category;
  }
  const categoryId = derivedId('mass-category', massId);
  // Made by an earlier attempt of this same send that stopped before recording the message: it is this one's.
  if (state.categories.get(categoryId)?.deleted === false) return categoryId;
  const problem = newMassCategoryProblem(category.newName, (slug) => [...state.categories.values()].some((c) => !c.deleted && c.slug === slug));
  if (problem) throw new ValidationError('category', problem);
  await handle(ctx, MEDIA_CATEGORIES_STREAM, categoryDecider, { type: 'CreateCategory', categoryId, name: category.newName.trim(), at: ctx.now() });
  return categoryId;
}

/** Saves a welcome-message version and makes it current; the previous version stops reaching new subscribers. */
export async function setWelcomeMessage(ctx: CommandContext, input: Omit<MassMessageInput, 'kind' | 'scheduledAt' | 'category'> & { updating: string | null }): Promise<string> {
  if (!MASS_SENDERS.includes(input.role)) throw forbidden();
  const current = await loadStream(ctx.store, WELCOME_MESSAGE_STREAM, welcomeMessageDecider);
  if (input.updating !== null && input.updating !== current.state.currentId) throw new DomainError('Welcome message not found.', 'WELCOME_MESSAGE_NOT_FOUND', 404, { field: '_id' });
  // A version id of its own per save (the uniqueId, when given, makes a repeated save the same version).
  const welcomeId = await createMassMessage(ctx, { ...input, kind: 'welcome', scheduledAt: null, category: null, uniqueId: input.uniqueId ?? ctx.idFor('welcome-message') });
  const set = await handle(ctx, WELCOME_MESSAGE_STREAM, welcomeMessageDecider, { type: 'SetWelcomeMessage', welcomeId, updating: input.updating, setBy: input.staffId, at: ctx.now() });
  const previous = set.events[0]?.data.previousId;
  if (previous) await handle(ctx, massMessageStream(previous), massMessageDecider, { type: 'CancelMassMessage', by: input.staffId, reason: 'superseded', at: ctx.now() });
  return welcomeId;
}

export const loadMassMessage = (ctx: CommandContext, massId: string) => loadStream(ctx.store, massMessageStream(massId), massMessageDecider);

export async function cancelMassMessage(ctx: CommandContext, role: Role, staffId: string, massId: string): Promise<MassMessageState> {
  if (!MASS_SENDERS.includes(role)) throw forbidden();
  return (await handle(ctx, massMessageStream(massId), massMessageDecider, { type: 'CancelMassMessage', by: staffId, reason: 'cancelled', at: ctx.now() })).state;
}

/** An errored mass message sent again, with its own media or others from the library. */
export async function resendMassMessage(
  ctx: CommandContext,
  input: { role: Role; staffId: string; massId: string; mediaIds: string[] | null; previewMediaId: string | null | undefined },
): Promise<MassMessageState> {
  if (!MASS_SENDERS.includes(input.role)) throw forbidden();
  const media = input.mediaIds ? await mediaRefs(ctx, [...new Set(input.mediaIds)], 'media') : null;
  if (input.previewMediaId) await mediaRefs(ctx, [input.previewMediaId], 'media_preview');
  return (await handle(ctx, massMessageStream(input.massId), massMessageDecider, {
    type: 'ResendMassMessage', media, previewMediaId: input.previewMediaId, by: input.staffId, at: ctx.now(),
  })).state;
}

/** Send Video Process Request for a mass message (isMassMessage): its videos go back to the media worker. */
export async function reprocessMassMessageVideos(ctx: CommandContext, input: { massId: string; s3FilePath?: string | null; shouldGenerateBlurImage?: boolean }) {
  const { state } = await loadMassMessage(ctx, input.massId);
  if (!state.content) throw new DomainError('Invalid Request', 'MASS_MESSAGE_NOT_FOUND', 404, { field: 'id' });
  return requestVideoReprocessing(ctx, { postId: input.massId, mediaIds: state.content.media.map((m) => m.mediaId), s3FilePath: input.s3FilePath, shouldGenerateBlurImage: input.shouldGenerateBlurImage });
}

/**
 * Before a copy is bought or unlocked by staff: its own stream gets MassMessageCopyRecorded (price, fan, sender,
 * delivered time) from the mass message, where the copy is checked to be this fan's. Nothing when the stream has
 * events already (a direct message, or a copy recorded before); a message id that is no copy is left alone.
 */
export async function recordMassCopy(ctx: CommandContext, copyId: string, massId: string | null): Promise<void> {
  if (!massId) return;
  const copy = await loadStream(ctx.store, chatMessageStream(copyId), chatMessageDecider);
  if (copy.state.status !== 'none') return;
  const { state, events } = await loadMassMessage(ctx, massId);
  const fanId = [...state.delivered].find(([, id]) => id === copyId)?.[0];
  if (!fanId || !state.content) return;
  const delivery = events.find((e) => e.type === 'MassMessageCopiesDelivered' && (e.data as { copies: { messageId: string }[] }).copies.some((c) => c.messageId === copyId));
  const sentAt = (delivery?.data as { deliveredAt?: string } | undefined)?.deliveredAt ?? ctx.now();
  const content = (delivery?.data as { content?: typeof state.content } | undefined)?.content ?? state.content;
  await handle(ctx, chatMessageStream(copyId), chatMessageDecider, {
    type: 'RecordMassCopy', messageId: copyId, fanId, massMessageId: massId, senderId: content.senderId, priceCents: content.priceCents, sentAt,
    minTierId: content.minTierId ?? null,
  });
}
