import { describe, expect, it } from 'vitest';
import { defaultSchedule, scheduleOf } from '../posts/rules';
import type { MassMessageView } from './api';
import {
  applyUpdate,
  chooseAudience,
  delayInput,
  fanPreview,
  firstProblem,
  mayCancel,
  MASS_TEXTS,
  messageTypeOf,
  newCategoryProblem,
  offersFutureDelivery,
  offersSchedule,
  parseDelayHours,
  progressPercent,
  revenueSeries,
  scheduledAt,
  validateMass,
  validateWelcome,
  welcomeActionLabel,
  type MassInput,
  type WelcomeInput,
} from './rules';

const bounds = { min: 5, max: 450 };
const now = new Date(2026, 10, 26, 10, 30);
const mass = (patch: Partial<MassInput> = {}): MassInput => ({
  text: 'Hello',
  locked: true,
  mediaCount: 1,
  previewCount: 0,
  amount: '20',
  audience: 'EVERYONE',
  delivery: 'STAGGER_OVER_TIME',
  delayText: '2',
  scheduleOn: false,
  schedule: defaultSchedule(now),
  ...patch,
});
const welcome = (patch: Partial<WelcomeInput> = {}): WelcomeInput => ({
  text: 'Welcome!',
  locked: false,
  mediaCount: 0,
  previewCount: 0,
  amount: '20',
  delivery: 'IMMEDIATELY',
  delayText: '2',
  ...patch,
});

describe('mass message validation (spec 2 §5)', () => {
  it('a complete locked photo passes', () => {
    expect(validateMass(mass(), bounds, now)).toEqual({});
  });
  it("text type needs text: 'Please insert the message.' (trimmed)", () => {
    expect(validateMass(mass({ locked: false, mediaCount: 0, text: '   ' }), bounds, now)).toEqual({ message: 'Please insert the message.' });
    expect(validateMass(mass({ locked: false, mediaCount: 0, text: 'hi' }), bounds, now)).toEqual({});
  });
  it("locked needs media: 'Please Select Media'", () => {
    expect(validateMass(mass({ mediaCount: 0 }), bounds, now).media).toBe('Please Select Media');
    expect(validateMass(mass({ mediaCount: 0, text: '' }), bounds, now).media).toBe('Please Select Media');
  });
  it("more than one preview: 'You can only select 1 preview content'", () => {
    expect(validateMass(mass({ previewCount: 2 }), bounds, now).preview).toBe('You can only select 1 preview content');
    // Free messages have no preview (Free clears them), so a count there is not checked.
    expect(validateMass(mass({ locked: false, previewCount: 2 }), bounds, now).preview).toBeUndefined();
  });
  it("amount within the unlock bounds, whole dollars: 'Choose an amount between {min} and {max}'", () => {
    expect(validateMass(mass({ amount: '4' }), bounds, now).amount).toBe('Choose an amount between 5 and 450');
    expect(validateMass(mass({ amount: '451' }), bounds, now).amount).toBe('Choose an amount between 5 and 450');
    expect(validateMass(mass({ amount: '7.5' }), bounds, now).amount).toBe('Choose an amount between 5 and 450');
    expect(validateMass(mass({ amount: '' }), { min: 10, max: 100 }, now).amount).toBe('Choose an amount between 10 and 100');
    expect(validateMass(mass({ amount: '3', locked: false }), bounds, now).amount).toBeUndefined();
  });
  it('at most 45 media', () => {
    expect(validateMass(mass({ mediaCount: 46 }), bounds, now).media).toBe('You have selected 46 images, maximum 45 images allowed.');
    expect(validateMass(mass({ mediaCount: 45 }), bounds, now).media).toBeUndefined();
  });
  it('a schedule in the past is refused, only when scheduling is offered (not for ONLY_NEW)', () => {
    const past = scheduleOf(new Date(2026, 10, 26, 9, 0));
    expect(validateMass(mass({ scheduleOn: true, schedule: past }), bounds, now).schedule).toBe('Schedule date cannot be in the past.');
    expect(validateMass(mass({ scheduleOn: true, schedule: past, audience: 'ONLY_NEW' }), bounds, now).schedule).toBeUndefined();
    expect(validateMass(mass({ scheduleOn: true, schedule: { ...defaultSchedule(now), hour: 13 } }), bounds, now).schedule).toBe('Schedule date cannot be in the past.');
    expect(validateMass(mass({ scheduleOn: true }), bounds, now).schedule).toBeUndefined();
  });
  it('the delay hours are checked only when future subscribers are delayed', () => {
    expect(validateMass(mass({ delivery: 'DELAY_BY_HOURS', delayText: '' }), bounds, now).delay).toBe(MASS_TEXTS.delayInvalid);
    expect(validateMass(mass({ delivery: 'DELAY_BY_HOURS', delayText: '2.5' }), bounds, now).delay).toBeUndefined();
    expect(validateMass(mass({ delivery: 'DELAY_BY_HOURS', delayText: '', audience: 'ONLY_EXISTING' }), bounds, now).delay).toBeUndefined();
  });
  it('the first problem follows the form order', () => {
    expect(firstProblem(validateMass(mass({ mediaCount: 0, amount: '1' }), bounds, now))).toBe('Please Select Media');
    expect(firstProblem({})).toBeUndefined();
  });
});

describe('welcome message validation (spec 2 §5)', () => {
  it('text only, free, passes; empty text does not', () => {
    expect(validateWelcome(welcome(), bounds)).toEqual({});
    expect(validateWelcome(welcome({ text: ' ' }), bounds)).toEqual({ message: 'Please insert the message.' });
  });
  it("locked with text only: 'In order to send as locked, you must upload content.'; locked with nothing: 'Please Select Media'", () => {
    expect(validateWelcome(welcome({ locked: true }), bounds).media).toBe('In order to send as locked, you must upload content.');
    expect(validateWelcome(welcome({ locked: true, text: '' }), bounds).media).toBe('Please Select Media');
  });
  it('preview, amount and delay', () => {
    expect(validateWelcome(welcome({ locked: true, mediaCount: 2, previewCount: 2 }), bounds).preview).toBe('You can only select 1 preview content');
    expect(validateWelcome(welcome({ locked: true, mediaCount: 1, amount: '500' }), bounds).amount).toBe('Choose an amount between 5 and 450');
    expect(validateWelcome(welcome({ delivery: 'DELAY_BY_HOURS', delayText: '0' }), bounds).delay).toBe(MASS_TEXTS.delayInvalid);
    expect(validateWelcome(welcome({ delivery: 'DELAY_BY_HOURS', delayText: '2.5' }), bounds)).toEqual({});
  });
  it('Save without an id, Update with one', () => {
    expect(welcomeActionLabel(null)).toBe('Save');
    expect(welcomeActionLabel('w1')).toBe('Update');
  });
});

describe('audience, delivery and schedule (spec 2 §4)', () => {
  it('choosing any audience resets the future delivery to STAGGER_OVER_TIME; ONLY_NEW turns scheduling off', () => {
    expect(chooseAudience({ audience: 'EVERYONE', delivery: 'IMMEDIATELY', scheduleOn: true }, 'ONLY_EXISTING')).toEqual({ audience: 'ONLY_EXISTING', delivery: 'STAGGER_OVER_TIME', scheduleOn: true });
    expect(chooseAudience({ audience: 'EVERYONE', delivery: 'DELAY_BY_HOURS', scheduleOn: true }, 'ONLY_NEW')).toEqual({ audience: 'ONLY_NEW', delivery: 'STAGGER_OVER_TIME', scheduleOn: false });
    expect(chooseAudience({ audience: 'ONLY_NEW', delivery: 'IMMEDIATELY', scheduleOn: false }, 'EVERYONE').delivery).toBe('STAGGER_OVER_TIME');
    expect(offersSchedule('ONLY_NEW')).toBe(false);
    expect(offersSchedule('EVERYONE')).toBe(true);
    expect(offersFutureDelivery('ONLY_EXISTING')).toBe(false);
    expect(offersFutureDelivery('ONLY_NEW')).toBe(true);
  });
  it('the delay input accepts text with at most one decimal point, sent with one decimal', () => {
    expect(delayInput('2')).toBe('2');
    expect(delayInput('2.')).toBe('2.');
    expect(delayInput('2.5')).toBe('2.5');
    expect(delayInput('2.55')).toBeNull();
    expect(delayInput('2.5.')).toBeNull();
    expect(delayInput('a')).toBeNull();
    expect(delayInput('')).toBe('');
    expect(parseDelayHours('2.5')).toEqual({ ok: true, value: 2.5 });
    expect(parseDelayHours('.5')).toEqual({ ok: true, value: 0.5 });
    expect(parseDelayHours('3')).toEqual({ ok: true, value: 3 });
    expect(parseDelayHours('2.').ok).toBe(false);
    expect(parseDelayHours('0').ok).toBe(false);
    expect(parseDelayHours('').ok).toBe(false);
  });
  it('scheduled_at only when scheduling is on and offered', () => {
    const s = scheduleOf(new Date(2026, 10, 27, 15, 5));
    expect(scheduledAt({ audience: 'EVERYONE', scheduleOn: true, schedule: s })).toBe(new Date(2026, 10, 27, 15, 5).toISOString());
    expect(scheduledAt({ audience: 'ONLY_NEW', scheduleOn: true, schedule: s })).toBeNull();
    expect(scheduledAt({ audience: 'EVERYONE', scheduleOn: false, schedule: s })).toBeNull();
  });
  it('the type follows the media: text, photo, video, gallery', () => {
    expect(messageTypeOf([])).toBe('text');
    expect(messageTypeOf(['photo'])).toBe('photo');
    expect(messageTypeOf(['video'])).toBe('video');
    expect(messageTypeOf(['photo', 'video'])).toBe('gallery');
  });
});

describe('new category from the picker (CH-10)', () => {
  const existing = [{ name: 'Beach', slug: 'beach' }];
  it("empty, too long, already there", () => {
    expect(newCategoryProblem('  ', existing)).toBe('Category not allow empty');
    expect(newCategoryProblem('x'.repeat(31), existing)).toBe('Category name cannot be more than 30 characters.');
    expect(newCategoryProblem(' BEACH ', existing)).toBe('Category already exist.');
    expect(newCategoryProblem('x'.repeat(30), existing)).toBeUndefined();
  });
});

describe('what fans see, progress, cancel, live frames', () => {
  it('the fan preview: text, free, locked with price', () => {
    expect(fanPreview({ locked: true, mediaCount: 0, previewCount: 0, amount: '20' }, bounds)).toEqual({ kind: 'text' });
    expect(fanPreview({ locked: false, mediaCount: 2, previewCount: 0, amount: '20' }, bounds)).toEqual({ kind: 'free', count: 2 });
    expect(fanPreview({ locked: true, mediaCount: 1, previewCount: 1, amount: '25' }, bounds)).toEqual({ kind: 'locked', count: 1, price: 25, withPreview: true });
    expect(fanPreview({ locked: true, mediaCount: 1, previewCount: 0, amount: 'x' }, bounds)).toMatchObject({ price: 5 });
  });
  it('progress in percent', () => {
    expect(progressPercent(50, 200, 'sending')).toBe(25);
    expect(progressPercent(0, 0, 'sent')).toBe(100);
    expect(progressPercent(0, 0, 'scheduled')).toBe(0);
    expect(progressPercent(300, 200, 'sent')).toBe(100);
  });
  it('cancel is offered while it may still reach someone', () => {
    expect(mayCancel({ status: 'scheduled', send_to: 'ONLY_EXISTING' })).toBe(true);
    expect(mayCancel({ status: 'sending', send_to: 'EVERYONE' })).toBe(true);
    expect(mayCancel({ status: 'sent', send_to: 'EVERYONE' })).toBe(true);
    expect(mayCancel({ status: 'sent', send_to: 'ONLY_EXISTING' })).toBe(false);
    expect(mayCancel({ status: 'cancelled', send_to: 'EVERYONE' })).toBe(false);
    expect(mayCancel({ status: 'error', send_to: 'EVERYONE' })).toBe(false);
  });
  const row = (id: string, patch: Partial<MassMessageView> = {}) =>
    ({ _id: id, status: 'sending', created: `2026-11-2${id}T00:00:00.000Z`, message: `m${id}`, isLocked: 'locked', stats: { recipients: 10, delivered: 0, future_delivered: 0, purchases: 0, revenue_cents: 0 }, ...patch }) as MassMessageView;
  it('MASS_MESSAGE_UPDATED moves the matching row only', () => {
    const list = [row('1'), row('2')];
    const next = applyUpdate(list, { _id: '2', status: 'sent', delivered: 10, recipients: 10 });
    expect(next[0]).toBe(list[0]);
    expect(next[1]).toMatchObject({ status: 'sent', stats: { delivered: 10, recipients: 10 } });
    expect(applyUpdate(list, { _id: '9', status: 'sent', delivered: 1, recipients: 1 })).toBe(list);
    expect(applyUpdate(list, { _id: '1', status: 'sending', delivered: 0, recipients: 10 })).toBe(list);
  });
  it('the revenue chart: locked messages with known revenue, oldest first', () => {
    const list = [row('3', { stats: { ...row('3').stats, revenue_cents: 700 } }), row('1', { stats: { ...row('1').stats, revenue_cents: 500 } }), row('2', { isLocked: 'free' }), row('4', { stats: { ...row('4').stats, revenue_cents: null } })];
    expect(revenueSeries(list)).toEqual([
      { id: '1', label: 'm1', cents: 500 },
      { id: '3', label: 'm3', cents: 700 },
    ]);
  });
});

describe('a status-only frame', () => {
  it('keeps the counts it does not carry', () => {
    const list = [{ _id: 'a', status: 'sending', stats: { recipients: 5, delivered: 3, future_delivered: 0, purchases: 0, revenue_cents: 0 } } as MassMessageView];
    expect(applyUpdate(list, { _id: 'a', status: 'cancelled' })[0]).toMatchObject({ status: 'cancelled', stats: { delivered: 3, recipients: 5 } });
  });
});
