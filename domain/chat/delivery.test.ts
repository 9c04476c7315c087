import { describe, expect, it } from 'vitest';
import { DEFAULT_STAGGER_SETTINGS } from '../settings/chat-settings';
import { delayHoursProblem, dueFutureCopies, futureCopyDue, staggerDelayMs, type FutureCandidate } from './delivery';

const HOUR = 3_600_000;
const s = DEFAULT_STAGGER_SETTINGS;
const subscribedAt = '2026-11-24T10:00:00.000Z';
const plus = (ms: number) => new Date(Date.parse(subscribedAt) + ms).toISOString();
const candidate = (over: Partial<FutureCandidate>): FutureCandidate => ({
  massId: 'm1', kind: 'mass', newUserDelay: 'IMMEDIATELY', delayByHours: null, fanId: 'fan', subscribedAt, sentAt: '2026-11-01T00:00:00.000Z', muted: false, delivered: false,
  ...over,
});

describe('future-subscriber delay (spec 2 §4, spec 3 §3 massMessageType)', () => {
  it('IMMEDIATELY is due at once as PREVIOUS; DELAY_BY_HOURS after its hours (default 2) as DELAYED', () => {
    expect(futureCopyDue({ massId: 'm', kind: 'mass', newUserDelay: 'IMMEDIATELY', delayByHours: null }, 'f', subscribedAt, s)).toEqual({ dueAt: subscribedAt, type: 'PREVIOUS' });
    expect(futureCopyDue({ massId: 'm', kind: 'mass', newUserDelay: 'DELAY_BY_HOURS', delayByHours: 2.5 }, 'f', subscribedAt, s)).toEqual({ dueAt: plus(2.5 * HOUR), type: 'DELAYED' });
    expect(futureCopyDue({ massId: 'm', kind: 'mass', newUserDelay: 'DELAY_BY_HOURS', delayByHours: null }, 'f', subscribedAt, s).dueAt).toBe(plus(2 * HOUR));
  });

  it('a welcome copy is WELCOME, immediate or after its hours', () => {
    expect(futureCopyDue({ massId: 'w', kind: 'welcome', newUserDelay: 'IMMEDIATELY', delayByHours: null }, 'f', subscribedAt, s)).toEqual({ dueAt: subscribedAt, type: 'WELCOME' });
    expect(futureCopyDue({ massId: 'w', kind: 'welcome', newUserDelay: 'DELAY_BY_HOURS', delayByHours: 1.5 }, 'f', subscribedAt, s)).toEqual({ dueAt: plus(1.5 * HOUR), type: 'WELCOME' });
  });

  it('stagger spreads 24..48 h, the same for a fan and message on every run, different across fans', () => {
    const delays = Array.from({ length: 200 }, (_, i) => staggerDelayMs('mass-1', `fan-${i}`, s));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(24 * HOUR);
    expect(Math.max(...delays)).toBeLessThanOrEqual(48 * HOUR);
    expect(new Set(delays).size).toBeGreaterThan(150);
    expect(staggerDelayMs('mass-1', 'fan-3', s)).toBe(delays[3]);
    // the spread covers the range, not one corner of it
    expect(delays.filter((d) => d < 36 * HOUR).length).toBeGreaterThan(50);
    expect(delays.filter((d) => d >= 36 * HOUR).length).toBeGreaterThan(50);
    const due = futureCopyDue({ massId: 'mass-1', kind: 'mass', newUserDelay: 'STAGGER_OVER_TIME', delayByHours: null }, 'fan-3', subscribedAt, s);
    expect(due).toEqual({ dueAt: plus(delays[3]), type: 'STAGGER' });
  });

  it('delay hours: at most one decimal, above zero', () => {
    expect(delayHoursProblem(2.5)).toBeNull();
    expect(delayHoursProblem(2)).toBeNull();
    expect(delayHoursProblem(2.55)).toBe('delay_by_hours may have at most one decimal.');
    expect(delayHoursProblem(0)).toMatch(/between/);
  });
});

describe('which copies are due for a later subscriber (fake clock)', () => {
  it('only once the delay has passed', () => {
    const c = candidate({ newUserDelay: 'DELAY_BY_HOURS', delayByHours: 3 });
    expect(dueFutureCopies([c], plus(2.9 * HOUR), s)).toEqual([]);
    expect(dueFutureCopies([c], plus(3 * HOUR), s)).toEqual([{ massId: 'm1', fanId: 'fan', type: 'DELAYED' }]);
  });

  it('muted fans get no mass message, but their welcome message', () => {
    const due = dueFutureCopies([candidate({ muted: true }), candidate({ massId: 'w', kind: 'welcome', muted: true })], subscribedAt, s);
    expect(due).toEqual([{ massId: 'w', fanId: 'fan', type: 'WELCOME' }]);
  });

  it('at most stagger_previous_limit earlier mass messages, the most recent; a delivered one still counts', () => {
    const list = Array.from({ length: 5 }, (_, i) => candidate({ massId: `m${i}`, sentAt: `2026-11-0${i + 1}T00:00:00.000Z`, delivered: i === 4 }));
    const due = dueFutureCopies(list, subscribedAt, { ...s, stagger_previous_limit: 3 });
    expect(due.map((d) => d.massId).sort()).toEqual(['m2', 'm3']); // m4 (newest) already delivered, m0/m1 beyond the limit
  });
});
