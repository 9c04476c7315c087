// The mass- and welcome-message rules (content, price, audience, delivery, schedule, category) as small pure
// functions; the messages are the spec's texts. The dialogs and pages only call these.
import { amountMessage, checkAmount, MAX_MEDIA, scheduleDate, scheduleError, tooManyMessage, type Bounds, type Schedule } from '../posts/rules';
import type { Audience, MassDelivery, MassMessageUpdated, MassMessageView, MassStatus, MessageType, WelcomeDelivery } from './api';

export const MASS_TEXTS = {
  insertMessage: 'Please insert the message.',
  selectMedia: 'Please Select Media',
  onePreview: 'You can only select 1 preview content',
  lockedNeedsContent: 'In order to send as locked, you must upload content.',
  welcomeSaved: 'Welcome message set successfully.',
  processing: 'The Content is in under process. It will be visible to users when processing is completed.',
  uploadError: 'Error in upload content. Please try again.',
  categoryEmpty: 'Category not allow empty',
  categoryTooLong: 'Category name cannot be more than 30 characters.',
  categoryExists: 'Category already exist.',
  /** Not in the spec: the delay-hours input when it holds no usable number. */
  delayInvalid: 'Enter the delay in hours, e.g. 2.5',
  /** Not in the spec: what the failure alert says when the server gave no message. */
  massFailed: 'The mass message could not be sent. Please try again.',
  welcomeFailed: 'The welcome message could not be saved. Please try again.',
  resendFailed: 'The mass message could not be sent again. Please try again.',
  cancelConfirm: 'Stop this mass message? Fans who already got it keep their copy; nobody else will get it.',
} as const;

/** Mass message amount default 20; the input's own bounds are 5..450 (posts/rules.ts). */
export const DEFAULT_MASS_AMOUNT = 20;
/** Future delay default 2 hours (the server's setting mass_message_default_delay_hours may say otherwise). */
export const DEFAULT_DELAY_HOURS = 2;
export const CATEGORY_NAME_MAX = 30;
/** A new welcome message reaches each new subscriber as soon as they subscribe (a saved version keeps its choice). */
export const DEFAULT_WELCOME_DELIVERY: WelcomeDelivery = 'IMMEDIATELY';

export const AUDIENCE_LABELS: Record<Audience, string> = {
  EVERYONE: 'Everyone (current and future subscribers)',
  ONLY_EXISTING: 'Only current subscribers',
  ONLY_NEW: 'Only future subscribers',
};

export const MASS_DELIVERY_LABELS: Record<MassDelivery, string> = {
  STAGGER_OVER_TIME: 'Stagger over time',
  IMMEDIATELY: 'Immediately when they subscribe',
  DELAY_BY_HOURS: 'Delay by hours',
};

export const WELCOME_DELIVERY_LABELS: Record<WelcomeDelivery, string> = {
  IMMEDIATELY: 'Immediately when they subscribe',
  DELAY_BY_HOURS: 'Delay by hours',
};

/** The help modal of the audience. */
export const AUDIENCE_HELP: readonly string[] = [
  'Everyone: every current subscriber gets the message now (or at the scheduled time), and every fan who subscribes later gets it too.',
  'Only current subscribers: the fans subscribed when it is sent; later subscribers never get it.',
  'Only future subscribers: nobody gets it now; each fan who subscribes from now on gets it. It cannot be scheduled.',
  'Fans who are muted for mass messages get none.',
];

/** The help modal of the future-subscriber delivery; the stagger window comes from the stagger settings. */
export const deliveryHelp = (minHours = 24, maxHours = 48): readonly string[] => [
  `Stagger over time: a new subscriber gets earlier mass messages spread out, ${minHours} to ${maxHours} hours per message, so their chat does not fill up at once.`,
  'Immediately: a new subscriber gets it as soon as they subscribe.',
  'Delay by hours: a new subscriber gets it the chosen number of hours after subscribing (one decimal, e.g. 2.5).',
];

/** The welcome message's help button (current and future subscribers, only current, only future). */
export const WELCOME_AUDIENCE_HELP: readonly string[] = [
  'Everyone: current subscribers get it now, and every fan who subscribes later gets it too.',
  'Only current subscribers: the fans subscribed now; later subscribers do not get it.',
  'Only future subscribers (default): each fan who subscribes from now on gets it, at once unless you choose a delay.',
  'A fan gets each welcome message once, ever: subscribing again does not send it again.',
];

// ---- audience, delivery, schedule -----------------------------------------------------------------------------

/** Scheduling is not offered when the audience is ONLY_NEW. */
export const offersSchedule = (audience: Audience) => audience !== 'ONLY_NEW';
/** Future-subscriber delivery matters only when future subscribers get the message. */
export const offersFutureDelivery = (audience: Audience) => audience !== 'ONLY_EXISTING';

export interface AudienceChoice {
  audience: Audience;
  delivery: MassDelivery;
  scheduleOn: boolean;
}

/** Choosing any audience resets the future-subscriber delivery to STAGGER_OVER_TIME; ONLY_NEW turns scheduling off. */
export function chooseAudience(current: AudienceChoice, audience: Audience): AudienceChoice {
  return { audience, delivery: 'STAGGER_OVER_TIME', scheduleOn: offersSchedule(audience) ? current.scheduleOn : false };
}

/**
 * The delay-hours input accepts text with at most one decimal point: what the field keeps of what was
 * typed (digits and one point, one digit after it), or null when the typed text is refused as a whole.
 */
export function delayInput(typed: string): string | null {
  return /^\d{0,3}(\.\d?)?$/.test(typed) ? typed : null;
}

/** The delay as it is sent: a positive number with one decimal, or the spec-less hint. */
export function parseDelayHours(text: string): { ok: true; value: number } | { ok: false; message: string } {
  const t = text.trim();
  if (!/^\d{1,3}(\.\d)?$|^\.\d$/.test(t)) return { ok: false, message: MASS_TEXTS.delayInvalid };
  const value = Math.round(Number(t) * 10) / 10;
  return value > 0 ? { ok: true, value } : { ok: false, message: MASS_TEXTS.delayInvalid };
}

/** One decimal, as the server wants it and as the field shows it ("2.0" → 2, shown "2"). */
export const formatDelay = (hours: number | null | undefined) => (typeof hours === 'number' && Number.isFinite(hours) ? String(Math.round(hours * 10) / 10) : '');

// ---- the message's type ------------------------------------------------------------------------------------

/** text without media; otherwise photo, video or gallery (more than one item). */
export function messageTypeOf(kinds: readonly (string | null)[]): MessageType {
  if (kinds.length === 0) return 'text';
  if (kinds.length > 1) return 'gallery';
  return kinds[0] === 'video' ? 'video' : 'photo';
}

/** More than 45 items: the spec's message. */
export const tooManyProblem = (count: number) => (count > MAX_MEDIA ? tooManyMessage(count) : undefined);

// ---- validation -------------------------------------------------------------------------------------------

export interface MessageInput {
  text: string;
  locked: boolean;
  /** How many media items the message carries (new files and library items). */
  mediaCount: number;
  /** How many previews are chosen (more than one is refused). */
  previewCount: number;
  amount: string;
}

export interface MassInput extends MessageInput {
  audience: Audience;
  delivery: MassDelivery;
  delayText: string;
  scheduleOn: boolean;
  schedule: Schedule;
}

export interface WelcomeInput extends MessageInput {
  delivery: WelcomeDelivery;
  delayText: string;
}

export type MessageField = 'message' | 'media' | 'preview' | 'amount' | 'schedule' | 'delay';
export type MessageErrors = Partial<Record<MessageField, string>>;

function common(input: MessageInput, bounds: Bounds, lockedTextOnly: string): MessageErrors {
  const errors: MessageErrors = {};
  const text = input.text.trim();
  if (input.mediaCount === 0) {
    if (input.locked) errors.media = text ? lockedTextOnly : MASS_TEXTS.selectMedia;
    else if (!text) errors.message = MASS_TEXTS.insertMessage;
  }
  if (input.mediaCount > MAX_MEDIA) errors.media = tooManyMessage(input.mediaCount);
  if (input.locked && input.previewCount > 1) errors.preview = MASS_TEXTS.onePreview;
  if (input.locked) {
    const r = checkAmount(input.amount, bounds);
    if (!r.ok) errors.amount = r.message;
  }
  return errors;
}

/** The Mass Message dialog's checks, before anything is uploaded. */
export function validateMass(input: MassInput, bounds: Bounds, now: Date): MessageErrors {
  // A locked mass message without media: 'Please Select Media' (locked needs media).
  const errors = common(input, bounds, MASS_TEXTS.selectMedia);
  if (offersFutureDelivery(input.audience) && input.delivery === 'DELAY_BY_HOURS') {
    const d = parseDelayHours(input.delayText);
    if (!d.ok) errors.delay = d.message;
  }
  if (input.scheduleOn && offersSchedule(input.audience)) {
    const s = scheduleError(input.schedule, now);
    if (s) errors.schedule = s;
  }
  return errors;
}

/** The Welcome Message dialog's checks. */
export function validateWelcome(input: WelcomeInput, bounds: Bounds): MessageErrors {
  const errors = common(input, bounds, MASS_TEXTS.lockedNeedsContent);
  if (input.delivery === 'DELAY_BY_HOURS') {
    const d = parseDelayHours(input.delayText);
    if (!d.ok) errors.delay = d.message;
  }
  return errors;
}

const ORDER: MessageField[] = ['message', 'media', 'preview', 'amount', 'delay', 'schedule'];
/** The first problem, in the order the form reads. */
export const firstProblem = (errors: MessageErrors): string | undefined => ORDER.map(f => errors[f]).find(Boolean);

/** The scheduled time as the server takes it (ISO-8601), or null when not scheduled. */
export function scheduledAt(input: Pick<MassInput, 'audience' | 'scheduleOn' | 'schedule'>): string | null {
  if (!input.scheduleOn || !offersSchedule(input.audience)) return null;
  return scheduleDate(input.schedule)?.toISOString() ?? null;
}

/** The amount hint under the field. */
export const amountHint = (bounds: Bounds) => `Whole dollars, between ${bounds.min} and ${bounds.max}.`;
export { amountMessage };

// ---- new category from the picker -----------------------------------------------------------------------

const slugOf = (name: string) => name.trim().toLowerCase();

/** 'Category not allow empty', '… more than 30 characters.', 'Category already exist.' (by slug, case-insensitive). */
export function newCategoryProblem(name: string, existing: readonly { name: string; slug?: string }[]): string | undefined {
  const slug = slugOf(name);
  if (!slug) return MASS_TEXTS.categoryEmpty;
  if (name.trim().length > CATEGORY_NAME_MAX) return MASS_TEXTS.categoryTooLong;
  if (existing.some(c => slugOf(c.slug ?? c.name) === slug || slugOf(c.name) === slug)) return MASS_TEXTS.categoryExists;
  return undefined;
}

// ---- what fans see ---------------------------------------------------------------------------------------

export type FanPreview =
  | { kind: 'text' }
  | { kind: 'free'; count: number }
  | { kind: 'locked'; count: number; price: number; withPreview: boolean };

/** The preview of the fan's copy: text, free media, or locked media blurred with the price (and a clear preview). */
export function fanPreview(input: Pick<MessageInput, 'locked' | 'mediaCount' | 'previewCount' | 'amount'>, bounds: Bounds): FanPreview {
  if (input.mediaCount === 0) return { kind: 'text' };
  if (!input.locked) return { kind: 'free', count: input.mediaCount };
  const r = checkAmount(input.amount, bounds);
  return { kind: 'locked', count: input.mediaCount, price: r.ok ? r.value : bounds.min, withPreview: input.previewCount > 0 };
}

/** Who gets it, in one sentence for the Send button's area. */
export function audienceSummary(audience: Audience, delivery: MassDelivery, delayText: string, scheduled: string | null, stagger = { min: 24, max: 48 }): string {
  const when = scheduled ? `on ${new Date(scheduled).toLocaleString()}` : 'now';
  const future =
    delivery === 'STAGGER_OVER_TIME'
      ? `spread out over ${stagger.min} to ${stagger.max} hours per message`
      : delivery === 'IMMEDIATELY'
        ? 'as soon as they subscribe'
        : `${delayText || '?'} hours after they subscribe`;
  if (audience === 'ONLY_EXISTING') return `Current subscribers get it ${when}.`;
  if (audience === 'ONLY_NEW') return `Only fans who subscribe from now on get it, ${future}.`;
  return `Current subscribers get it ${when}; fans who subscribe later get it ${future}.`;
}

// ---- status, progress, live frames ----------------------------------------------------------------------

export const STATUS_LABELS: Record<MassStatus, string> = {
  scheduled: 'Scheduled',
  processing: 'Processing media',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
  error: 'Error',
};

export const STATUS_COLORS: Record<MassStatus, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  scheduled: 'info',
  processing: 'warning',
  sending: 'warning',
  sent: 'success',
  cancelled: 'default',
  error: 'error',
};

/** Delivered of recipients in percent (0..100); 100 when there was nobody to send to and it is sent. */
export function progressPercent(delivered: number, recipients: number, status: MassStatus): number {
  if (recipients <= 0) return status === 'sent' ? 100 : 0;
  return Math.max(0, Math.min(100, Math.round((delivered / recipients) * 100)));
}

/**
 * Cancel stops a scheduled send and any future-subscriber deliveries: offered while it is scheduled, processing or
 * sending, and after it was sent while future subscribers still get it (every audience but ONLY_EXISTING).
 */
export function mayCancel(m: Pick<MassMessageView, 'status' | 'send_to'>): boolean {
  if (m.status === 'cancelled' || m.status === 'error') return false;
  if (m.status === 'sent') return m.send_to !== 'ONLY_EXISTING';
  return true;
}

/** A MASS_MESSAGE_UPDATED frame applied to a list (unknown ids change nothing; the same list back when unchanged). */
export function applyUpdate<M extends Pick<MassMessageView, '_id' | 'status' | 'stats'>>(list: readonly M[], frame: MassMessageUpdated): readonly M[] {
  let changed = false;
  const next = list.map(m => {
    if (m._id !== frame._id) return m;
    // The counts may be left out of a frame that only changes the status.
    const delivered = frame.delivered ?? m.stats.delivered;
    const recipients = frame.recipients ?? m.stats.recipients;
    const status = frame.status ?? m.status;
    if (m.status === status && m.stats.delivered === delivered && m.stats.recipients === recipients) return m;
    changed = true;
    return { ...m, status, stats: { ...m.stats, delivered, recipients } };
  });
  return changed ? next : list;
}

/** Revenue per message for the manage page's chart: newest last, at most `limit`, only where revenue is known. */
export function revenueSeries(list: readonly Pick<MassMessageView, '_id' | 'created' | 'message' | 'stats' | 'isLocked'>[], limit = 12) {
  return [...list]
    .filter(m => m.isLocked === 'locked' && typeof m.stats.revenue_cents === 'number')
    .sort((a, b) => a.created.localeCompare(b.created))
    .slice(-limit)
    .map(m => ({ id: m._id, label: m.message.trim().slice(0, 24) || 'Media', cents: m.stats.revenue_cents as number }));
}

/** The Save / Update label of the welcome dialog (Save when there is no id, otherwise Update). */
export const welcomeActionLabel = (id: string | null | undefined) => (id ? 'Update' : 'Save');

/** New unique id for a send (the same send repeated is the same mass message). */
let seq = 0;
export const newSendId = () => `m${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export type { WelcomeDelivery };
