// Mass message (stream `mass-message-<id>`): one message from the creator to many
// fans. A welcome message version is a mass message of kind 'welcome' (domain/chat/welcome-message.ts names the
// current one), so both share one delivery.
//
// Delivery is recorded here, in batches: the audience at send time is chosen once (AudienceChosen, a snapshot
// of fan ids, so a restart delivers to the same fans), then each MassMessageCopiesDelivered carries up to a batch
// of {fanId, messageId} pairs. The state knows every fan that has a copy, so a batch decided again after a crash
// (or by a second node) adds only the fans still missing: no fan gets two copies, none is skipped. Copy ids are
// chosen by the command (a hash of mass id and fan id), the same on every attempt. Fans who subscribe later get
// single copies through the same event (`future`). The read models turn each copy into a chat message row.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import { CHAT_MEDIA_MAX, CHAT_TEXT_MAX, MESSAGE_TOO_LONG, lockedAmountBetween, messageTypeOf, tooManyMedia, validMessageTier, type ChatMediaRef } from './chat-message';
import { delayHoursProblem, reachesExisting, reachesNew, type MassMessageType, type NewUserDelay, type SendTo } from './delivery';
import type { ChatMessageType } from './wire';
import { validateSegment, type MassSegment } from './audience';

export const massMessageStream = (massId: string) => `mass-message-${massId}`;

/** Limits of a mass message and a welcome message. */
export const PLEASE_INSERT_MESSAGE = 'Please insert the message.';
export const PLEASE_SELECT_MEDIA = 'Please Select Media';
export const ONLY_ONE_PREVIEW = 'You can only select 1 preview content';
export const LOCKED_NEEDS_CONTENT = 'In order to send as locked, you must upload content.';
export const SCHEDULE_IN_PAST = 'Schedule date cannot be in the past.';
export const NO_SCHEDULE_FOR_ONLY_NEW = 'Scheduling is not offered when sending only to new subscribers.';
export const MASS_MESSAGE_NOT_FOUND = 'Mass message not found.';
export const NOT_IN_ERROR = 'Only a mass message in error can be sent again.';
export const ALREADY_CANCELLED = 'This mass message is cancelled already.';
export const MEDIA_FAILED = 'Error in upload content. Please try again.';
/** A new category named with a mass message. */
export const CATEGORY_EMPTY = 'Category not allow empty';
export const CATEGORY_TOO_LONG = 'Category name cannot be more than 30 characters.';
export const CATEGORY_EXISTS = 'Category already exist.';
export const MASS_CATEGORY_MAX = 30;

/**
 * The rules for a category created with a mass message: not empty, at most 30 characters, a slug (the
 * lower-cased trimmed name) no live library category has — the reserved 'all media' and 'preview' count as taken.
 */
export function newMassCategoryProblem(name: string, slugTaken: (slug: string) => boolean): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return CATEGORY_EMPTY;
  if (trimmed.length > MASS_CATEGORY_MAX) return CATEGORY_TOO_LONG;
  const slug = trimmed.toLowerCase();
  if (slug === 'all media' || slug === 'preview' || slugTaken(slug)) return CATEGORY_EXISTS;
  return undefined;
}

/** A schedule this far in the past is still "now" (the console's clock may run a little behind). */
export const SCHEDULE_SKEW_MS = 5 * 60_000;
/** Copies per delivery event (the console's progress moves by this many). */
export const DELIVERY_BATCH = 500;
/**
 * Copies per append: one event. Small appends keep each write (and the projection batch that follows it) short,
 * so requests and the projection runner interleave with a large delivery (on PGlite everything shares one thread).
 */
export const DELIVERY_APPEND = DELIVERY_BATCH;

export type MassKind = 'mass' | 'welcome';
export type MassStatus = 'none' | 'scheduled' | 'processing' | 'sending' | 'sent' | 'cancelled' | 'error';

export interface MassContent {
  senderId: string;
  type: ChatMessageType;
  text: string;
  media: ChatMediaRef[];
  previewMediaId: string | null;
  priceCents: number;
  /** A locked message for members of this tier and above (every copy carries it); absent: every subscriber. */
  minTierId?: string;
}

export interface MassCopy {
  fanId: string;
  messageId: string;
  /** null: a copy to a subscriber at send time. */
  massMessageType: MassMessageType | null;
}

export type MassMessageEvent =
  | DomainEvent<'MassMessageCreated', {
      massId: string; kind: MassKind; content: MassContent; sendTo: SendTo; newUserDelay: NewUserDelay; delayByHours: number | null;
      scheduledAt: string | null; category: string | null; uniqueId: string | null; createdAt: string;
      /** An audience by behaviour (domain/chat/audience.ts); absent: the subscribers send_to names. */
      segment?: MassSegment | null;
    }>
  /** Its media are still rendering: it waits (status processing) and goes out when they are ready. */
  | DomainEvent<'MassMessageWaitingForMedia', { massId: string; at: string }>
  | DomainEvent<'MassMessageFailed', { massId: string; error: string; at: string }>
  /** An errored message sent again, possibly with other media: its copies are marked RESENT. */
  | DomainEvent<'MassMessageResent', { massId: string; content: MassContent; by: string; at: string }>
  | DomainEvent<'MassMessageAudienceChosen', { massId: string; fanIds: string[]; chosenAt: string }>
  | DomainEvent<'MassMessageCopiesDelivered', {
      massId: string; kind: MassKind; content: MassContent; copies: MassCopy[]; future: boolean; deliveredAt: string;
      /** Copies to the send-time audience so far, and its size (the console's progress). */
      deliveredTotal: number; recipients: number;
    }>
  | DomainEvent<'MassMessageSendCompleted', { massId: string; delivered: number; completedAt: string }>
  /** Stops a scheduled send and every later-subscriber copy; copies already delivered stay. */
  | DomainEvent<'MassMessageCancelled', { massId: string; by: string | null; reason: 'cancelled' | 'superseded'; at: string }>;

export interface CreateMassMessage {
  type: 'CreateMassMessage';
  massId: string;
  kind: MassKind;
  senderId: string;
  /** The type the console chose (text, photo, video, gallery). */
  messageType: 'text' | 'photo' | 'video' | 'gallery';
  text: string;
  media: ChatMediaRef[];
  /** Every preview the request named (more than one is refused). */
  previewMediaIds: string[];
  locked: boolean;
  priceCents: number;
  bounds: { minDollars: number; maxDollars: number };
  sendTo: SendTo;
  newUserDelay: NewUserDelay;
  delayByHours: number | null;
  scheduledAt: string | null;
  category: string | null;
  uniqueId: string | null;
  /** An audience by behaviour: only the fans it finds at send time (no later subscribers). */
  segment?: MassSegment | null;
  /** A locked message for members of this tier and above: null or the base tier = every subscriber. */
  minTierId?: string | null;
  /** The tiers offered now (ids), to check minTierId against. */
  tierIds?: string[];
  at: string;
}

export type MassMessageCommand =
  | CreateMassMessage
  | { type: 'WaitForMedia'; at: string }
  | { type: 'FailMassMessage'; error: string; at: string }
  | { type: 'ResendMassMessage'; media: ChatMediaRef[] | null; previewMediaId: string | null | undefined; by: string; at: string }
  | { type: 'ChooseAudience'; fanIds: string[]; at: string }
  | { type: 'DeliverCopies'; copies: { fanId: string; messageId: string }[]; at: string }
  | { type: 'DeliverFutureCopies'; copies: MassCopy[]; at: string }
  | { type: 'CompleteSend'; at: string }
  | { type: 'CancelMassMessage'; by: string | null; reason: 'cancelled' | 'superseded'; at: string };

export interface MassMessageState {
  status: MassStatus;
  massId: string | null;
  kind: MassKind;
  content: MassContent | null;
  sendTo: SendTo;
  newUserDelay: NewUserDelay;
  delayByHours: number | null;
  scheduledAt: string | null;
  createdAt: string | null;
  segment: MassSegment | null;
  audience: string[] | null;
  audienceAt: string | null;
  /** fan id → copy id, every copy ever delivered (send-time and later subscribers). */
  delivered: Map<string, string>;
  deliveredToAudience: number;
  futureDelivered: number;
  resent: boolean;
  error: string | null;
}

/** The mass-message rules (and the welcome message's, `kind` 'welcome'). Throws the spec's texts. */
export function validateMassMessage(c: Omit<CreateMassMessage, 'type' | 'massId' | 'senderId' | 'uniqueId' | 'category'>): void {
  if (c.text.length > CHAT_TEXT_MAX) throw new ValidationError('message', MESSAGE_TOO_LONG);
  if (c.messageType === 'text' && !c.text.trim() && c.media.length === 0) throw new ValidationError('message', PLEASE_INSERT_MESSAGE);
  if (c.messageType !== 'text' && c.media.length === 0) throw new ValidationError('media', PLEASE_SELECT_MEDIA);
  if (c.media.length > CHAT_MEDIA_MAX) throw new ValidationError('media', tooManyMedia(c.media.length));
  if (c.previewMediaIds.length > 1) throw new ValidationError('media_preview', ONLY_ONE_PREVIEW);
  if (c.locked) {
    if (c.media.length === 0) throw new ValidationError('media', c.kind === 'welcome' ? LOCKED_NEEDS_CONTENT : PLEASE_SELECT_MEDIA);
    const { minDollars, maxDollars } = c.bounds;
    if (!Number.isInteger(c.priceCents) || c.priceCents < minDollars * 100 || c.priceCents > maxDollars * 100)
      throw new ValidationError('amount', lockedAmountBetween(minDollars, maxDollars));
  }
  validMessageTier(c.locked, c.minTierId, c.tierIds ?? []);
  if (c.previewMediaIds[0] && c.media.some((m) => m.mediaId === c.previewMediaIds[0])) throw new ValidationError('media_preview', 'The preview cannot also be in the locked media.');
  if (c.newUserDelay === 'DELAY_BY_HOURS' && c.delayByHours !== null) {
    const problem = delayHoursProblem(c.delayByHours);
    if (problem) throw new ValidationError('delay_by_hours', problem);
  }
  if (c.kind === 'welcome' && c.newUserDelay === 'STAGGER_OVER_TIME') throw new ValidationError('new_user_message_delay', 'new_user_message_delay must be IMMEDIATELY or DELAY_BY_HOURS.');
  if (c.scheduledAt) {
    if (c.kind === 'welcome') throw new ValidationError('scheduled_at', 'A welcome message is not scheduled.');
    if (c.sendTo === 'ONLY_NEW' && !c.segment) throw new ValidationError('scheduled_at', NO_SCHEDULE_FOR_ONLY_NEW);
    if (Date.parse(c.scheduledAt) < Date.parse(c.at) - SCHEDULE_SKEW_MS) throw new ValidationError('scheduled_at', SCHEDULE_IN_PAST);
  }
  if (c.segment) {
    if (c.kind === 'welcome') throw new ValidationError('audience', 'A welcome message goes to new subscribers.');
    validateSegment(c.segment);
  }
}

/** The send-time audience still without a copy. */
export const undelivered = (s: MassMessageState): string[] => (s.audience ?? []).filter((f) => !s.delivered.has(f));

/** Whether this message still gives copies to fans who subscribe later. */
export const deliversToNewSubscribers = (s: MassMessageState): boolean =>
  reachesNew(s.sendTo) && (s.status === 'sending' || s.status === 'sent') && s.audienceAt !== null;

const notFound = () => new DomainError(MASS_MESSAGE_NOT_FOUND, 'MASS_MESSAGE_NOT_FOUND', 404);

export const massMessageDecider: Decider<MassMessageCommand, MassMessageEvent, MassMessageState> = {
  initialState: () => ({
    status: 'none', massId: null, kind: 'mass', content: null, sendTo: 'EVERYONE', newUserDelay: 'STAGGER_OVER_TIME', delayByHours: null,
    scheduledAt: null, createdAt: null, segment: null, audience: null, audienceAt: null, delivered: new Map(), deliveredToAudience: 0, futureDelivered: 0,
    resent: false, error: null,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'MassMessageCreated': {
        const d = event.data;
        const later = d.scheduledAt !== null && Date.parse(d.scheduledAt) > Date.parse(d.createdAt);
        return {
          ...state, status: later ? 'scheduled' : 'sending', massId: d.massId, kind: d.kind, content: d.content, sendTo: d.sendTo,
          newUserDelay: d.newUserDelay, delayByHours: d.delayByHours, scheduledAt: d.scheduledAt, createdAt: d.createdAt, segment: d.segment ?? null,
        };
      }
      case 'MassMessageWaitingForMedia':
        return { ...state, status: 'processing' };
      case 'MassMessageFailed':
        return { ...state, status: 'error', error: event.data.error };
      case 'MassMessageResent':
        return { ...state, status: 'sending', content: event.data.content, resent: true, error: null, scheduledAt: null };
      case 'MassMessageAudienceChosen':
        return { ...state, status: 'sending', audience: event.data.fanIds, audienceAt: event.data.chosenAt };
      case 'MassMessageCopiesDelivered': {
        const delivered = new Map(state.delivered);
        for (const c of event.data.copies) delivered.set(c.fanId, c.messageId);
        const n = event.data.copies.length;
        return event.data.future
          ? { ...state, delivered, futureDelivered: state.futureDelivered + n }
          : { ...state, delivered, deliveredToAudience: state.deliveredToAudience + n };
      }
      case 'MassMessageSendCompleted':
        return { ...state, status: 'sent' };
      case 'MassMessageCancelled':
        return { ...state, status: 'cancelled' };
    }
  },
  decide(command, state) {
    if (command.type === 'CreateMassMessage') {
      if (state.status !== 'none') return []; // the same send repeated (uniqueId): already recorded
      validateMassMessage(command);
      const media = command.media;
      const minTierId = validMessageTier(command.locked, command.minTierId, command.tierIds ?? []);
      const content: MassContent = {
        senderId: command.senderId, type: media.length ? messageTypeOf(media) : 'text', text: command.text.trim(), media,
        // "choosing Free clears all previews"
        previewMediaId: command.locked ? (command.previewMediaIds[0] ?? null) : null,
        priceCents: command.locked ? command.priceCents : 0,
        ...(minTierId ? { minTierId } : {}),
      };
      const segment = command.segment ?? null;
      return [{
        type: 'MassMessageCreated',
        data: {
          // An audience by behaviour is found once, at send time: it never reaches later subscribers.
          massId: command.massId, kind: command.kind, content, sendTo: segment ? 'ONLY_EXISTING' : command.sendTo, newUserDelay: command.newUserDelay,
          delayByHours: command.newUserDelay === 'DELAY_BY_HOURS' ? command.delayByHours : null,
          scheduledAt: command.scheduledAt, category: command.category, uniqueId: command.uniqueId, createdAt: command.at,
          ...(segment ? { segment } : {}),
        },
      }];
    }
    if (state.status === 'none' || !state.massId || !state.content) throw notFound();
    const massId = state.massId;
    switch (command.type) {
      case 'WaitForMedia':
        return state.status === 'sending' && !state.audience ? [{ type: 'MassMessageWaitingForMedia', data: { massId, at: command.at } }] : [];
      case 'FailMassMessage':
        if (state.audience || state.status === 'error' || state.status === 'cancelled') return [];
        return [{ type: 'MassMessageFailed', data: { massId, error: command.error, at: command.at } }];
      case 'ResendMassMessage': {
        if (state.status !== 'error') throw new DomainError(NOT_IN_ERROR, 'NOT_IN_ERROR', 409);
        const media = command.media ?? state.content.media;
        if (media.length === 0 && state.content.type !== 'text') throw new ValidationError('media', PLEASE_SELECT_MEDIA);
        if (media.length > CHAT_MEDIA_MAX) throw new ValidationError('media', tooManyMedia(media.length));
        const previewMediaId = state.content.priceCents > 0 ? (command.previewMediaId === undefined ? state.content.previewMediaId : command.previewMediaId) : null;
        const content: MassContent = { ...state.content, media, type: media.length ? messageTypeOf(media) : 'text', previewMediaId };
        return [{ type: 'MassMessageResent', data: { massId, content, by: command.by, at: command.at } }];
      }
      case 'ChooseAudience':
        if (state.audience || (state.status !== 'sending' && state.status !== 'processing' && state.status !== 'scheduled')) return [];
        return [{ type: 'MassMessageAudienceChosen', data: { massId, fanIds: reachesExisting(state.sendTo) ? [...new Set(command.fanIds)] : [], chosenAt: command.at } }];
      case 'DeliverCopies': {
        if (!state.audience || state.status !== 'sending') return [];
        const audience = new Set(state.audience);
        const seen = new Set<string>();
        const type: MassMessageType | null = state.kind === 'welcome' ? 'WELCOME' : state.resent ? 'RESENT' : null;
        const copies = command.copies
          .filter((c) => audience.has(c.fanId) && !state.delivered.has(c.fanId) && !seen.has(c.fanId) && seen.add(c.fanId))
          .map((c) => ({ fanId: c.fanId, messageId: c.messageId, massMessageType: type }));
        // One event per DELIVERY_BATCH copies (the read models and the console's progress move batch by batch);
        // a command may carry several batches, appended together.
        const events: MassMessageEvent[] = [];
        for (let i = 0; i < copies.length; i += DELIVERY_BATCH) {
          const batch = copies.slice(i, i + DELIVERY_BATCH);
          events.push({
            type: 'MassMessageCopiesDelivered',
            data: {
              massId, kind: state.kind, content: state.content, copies: batch, future: false, deliveredAt: command.at,
              deliveredTotal: state.deliveredToAudience + i + batch.length, recipients: state.audience.length,
            },
          });
        }
        return events;
      }
      case 'DeliverFutureCopies': {
        if (!deliversToNewSubscribers(state)) return [];
        const seen = new Set<string>();
        const copies = command.copies.filter((c) => !state.delivered.has(c.fanId) && !seen.has(c.fanId) && seen.add(c.fanId));
        if (!copies.length) return [];
        return [{
          type: 'MassMessageCopiesDelivered',
          data: {
            massId, kind: state.kind, content: state.content, copies, future: true, deliveredAt: command.at,
            deliveredTotal: state.deliveredToAudience, recipients: state.audience?.length ?? 0,
          },
        }];
      }
      case 'CompleteSend':
        if (state.status !== 'sending' || !state.audience || undelivered(state).length) return [];
        return [{ type: 'MassMessageSendCompleted', data: { massId, delivered: state.deliveredToAudience, completedAt: command.at } }];
      case 'CancelMassMessage':
        if (state.status === 'cancelled') {
          if (command.reason === 'superseded') return [];
          throw new DomainError(ALREADY_CANCELLED, 'ALREADY_CANCELLED', 409);
        }
        return [{ type: 'MassMessageCancelled', data: { massId, by: command.by, reason: command.reason, at: command.at } }];
    }
  },
};
