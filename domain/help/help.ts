// The help centre: help items written by staff in the console
// (/admin/settings/help-setting), read by fans at /user-help and by staff at /help; a popup item opens by itself
// until read; each person's read marks feed the unread count (the fan's Account badge).
import type { Decider, DomainEvent } from '../shared/decider';
import { DomainError } from '../shared/decider';
import { ValidationError } from '../shared/validation';

/** Who an item is for: fans (/user-help), staff (/help, the spec's "influencer help"), or both. */
export const HELP_AUDIENCES = ['fans', 'staff', 'both'] as const;
export type HelpAudience = (typeof HELP_AUDIENCES)[number];

export const HELP_PAGE_SIZE = 10;
export const HELP_LIMITS = { title: 200, tag: 40, tags: 10, html: 100_000 } as const;

export const HELP_MESSAGES = {
  titleRequired: 'Title is required.',
  titleTooLong: `Title cannot be more than ${HELP_LIMITS.title} characters.`,
  tagTooLong: `A tag cannot be more than ${HELP_LIMITS.tag} characters.`,
  tooManyTags: `At most ${HELP_LIMITS.tags} tags.`,
  htmlRequired: 'Description is required.',
  htmlTooLong: `Description cannot be more than ${HELP_LIMITS.html} characters.`,
  notFound: 'Help item not found.',
  saved: 'Help item saved.',
  deleted: 'Help item deleted.',
  settingsSaved: 'Help settings saved.',
  staffHelpOff: 'Help is turned off.',
} as const;

export interface HelpItemInput {
  title: string;
  html: string;
  tags: string[];
  audience: HelpAudience;
  /** Shown as a popup until the reader marks it read. */
  isPopup: boolean;
  published: boolean;
}

export type HelpEvent =
  | DomainEvent<'HelpItemSaved', HelpItemInput & { helpId: string; savedBy: string; savedAt: string; created: boolean }>
  | DomainEvent<'HelpItemDeleted', { helpId: string; deletedBy: string; deletedAt: string }>
  | DomainEvent<'HelpItemRead', { helpId: string; userId: string; readAt: string }>
  | DomainEvent<'HelpSettingsSaved', { influencerHelpEnabled: boolean; by: string; savedAt: string }>;

export const helpItemStream = (id: string) => `help-item-${id}`;
export const helpReadsStream = (userId: string) => `help-reads-${userId}`;
export const HELP_SETTINGS_STREAM = 'help-settings';

/** Tags: trimmed, without empties and repeats (case-insensitive), in the order given. */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const t = raw.replace(/\s+/g, ' ').trim();
    if (!t) continue;
    if (t.length > HELP_LIMITS.tag) throw new ValidationError('tags', HELP_MESSAGES.tagTooLong);
    if (seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    out.push(t);
  }
  if (out.length > HELP_LIMITS.tags) throw new ValidationError('tags', HELP_MESSAGES.tooManyTags);
  return out;
}

/** Checks an edit; `cleanHtml` is already sanitized (the caller's port) — an item that cleans to nothing is refused. */
export function checkHelpItem(input: HelpItemInput): HelpItemInput {
  const title = input.title.replace(/\s+/g, ' ').trim();
  if (!title) throw new ValidationError('title', HELP_MESSAGES.titleRequired);
  if (title.length > HELP_LIMITS.title) throw new ValidationError('title', HELP_MESSAGES.titleTooLong);
  if (input.html.length > HELP_LIMITS.html) throw new ValidationError('html', HELP_MESSAGES.htmlTooLong);
  if (!input.html.replace(/<[^>]*>/g, '').trim() && !/<(img|video|iframe)\b/i.test(input.html)) throw new ValidationError('html', HELP_MESSAGES.htmlRequired);
  return { ...input, title, tags: normaliseTags(input.tags) };
}

/** Whether a reader sees an item: fans (and an admin viewing as a fan) the fans' items, staff theirs. */
export const helpVisibleTo = (audience: HelpAudience, staff: boolean) => audience === 'both' || audience === (staff ? 'staff' : 'fans');

export interface HelpItemState {
  exists: boolean;
  deleted: boolean;
}
export type HelpItemCommand =
  | { type: 'Save'; helpId: string; input: HelpItemInput; by: string; at: string; create: boolean }
  | { type: 'Delete'; helpId: string; by: string; at: string };

export const helpItemDecider: Decider<HelpItemCommand, HelpEvent, HelpItemState> = {
  initialState: () => ({ exists: false, deleted: false }),
  evolve(s, e) {
    if (e.type === 'HelpItemSaved') return { exists: true, deleted: false };
    if (e.type === 'HelpItemDeleted') return { ...s, deleted: true };
    return s;
  },
  decide(c, s) {
    if (c.type === 'Save') {
      if (!c.create && (!s.exists || s.deleted)) throw new DomainError(HELP_MESSAGES.notFound, 'NOT_FOUND', 404);
      return [{ type: 'HelpItemSaved', data: { ...checkHelpItem(c.input), helpId: c.helpId, savedBy: c.by, savedAt: c.at, created: c.create } }];
    }
    if (!s.exists || s.deleted) throw new DomainError(HELP_MESSAGES.notFound, 'NOT_FOUND', 404);
    return [{ type: 'HelpItemDeleted', data: { helpId: c.helpId, deletedBy: c.by, deletedAt: c.at } }];
  },
};

/** A person's read marks: reading an item again records nothing. */
export const helpReadsDecider: Decider<{ type: 'Read'; helpId: string; userId: string; at: string }, HelpEvent, ReadonlySet<string>> = {
  initialState: () => new Set(),
  evolve: (s, e) => (e.type === 'HelpItemRead' ? new Set([...s, e.data.helpId]) : s),
  decide: (c, s) => (s.has(c.helpId) ? [] : [{ type: 'HelpItemRead', data: { helpId: c.helpId, userId: c.userId, readAt: c.at } }]),
};

export const helpSettingsDecider: Decider<{ type: 'Save'; influencerHelpEnabled: boolean; by: string; at: string }, HelpEvent, { influencerHelpEnabled: boolean }> = {
  initialState: () => ({ influencerHelpEnabled: true }),
  evolve: (s, e) => (e.type === 'HelpSettingsSaved' ? { influencerHelpEnabled: e.data.influencerHelpEnabled } : s),
  decide: (c, s) => (s.influencerHelpEnabled === c.influencerHelpEnabled ? [] : [{ type: 'HelpSettingsSaved', data: { influencerHelpEnabled: c.influencerHelpEnabled, by: c.by, savedAt: c.at } }]),
};

/** Pages: 1-based, at least one page. */
export const pageCount = (total: number, size = HELP_PAGE_SIZE) => Math.max(1, Math.ceil(total / size));
