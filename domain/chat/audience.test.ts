import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { segmentLabel, segmentView, spendSince, validateSegment, SEGMENT_TEXTS, type MassSegment } from './audience';
import { massMessageDecider, type CreateMassMessage } from './mass-message';

const at = '2026-11-24T10:00:00.000Z';
const create: CreateMassMessage = {
  type: 'CreateMassMessage', massId: 'mm', kind: 'mass', senderId: 'model', messageType: 'text', text: 'Thank you', media: [], previewMediaIds: [], locked: false,
  priceCents: 0, bounds: { minDollars: 5, maxDollars: 450 }, sendTo: 'EVERYONE', newUserDelay: 'STAGGER_OVER_TIME', delayByHours: null, scheduledAt: null,
  category: null, uniqueId: 'u1', at,
};

describe('audiences by behaviour', () => {
  it.each([
    [{ kind: 'top_spenders', top: null, minSpentCents: null, days: 30 }, SEGMENT_TEXTS.topOrMin],
    [{ kind: 'top_spenders', top: 0, minSpentCents: null, days: 30 }, SEGMENT_TEXTS.top],
    [{ kind: 'top_spenders', top: 2.5, minSpentCents: null, days: 30 }, SEGMENT_TEXTS.top],
    [{ kind: 'top_spenders', top: null, minSpentCents: 0, days: 30 }, SEGMENT_TEXTS.minSpent],
    [{ kind: 'top_spenders', top: 10, minSpentCents: null, days: 0 }, SEGMENT_TEXTS.days],
    [{ kind: 'top_spenders', top: 10, minSpentCents: null, days: Number.NaN }, SEGMENT_TEXTS.days],
    [{ kind: 'bought_post', postId: '' }, SEGMENT_TEXTS.postMissing],
    [{ kind: 'tier', tierId: '' }, SEGMENT_TEXTS.tierMissing],
  ] as [MassSegment, string][])('refuses %j: %s', (segment, message) => {
    expect(() => validateSegment(segment)).toThrow(message);
    given(massMessageDecider).when({ ...create, segment }).thenThrows(message);
  });

  it('accepts the top N, a minimum spent, or both; expired; a post; a tier', () => {
    for (const s of [
      { kind: 'top_spenders', top: 10, minSpentCents: null, days: 30 },
      { kind: 'top_spenders', top: null, minSpentCents: 5000, days: 7 },
      { kind: 'top_spenders', top: 3, minSpentCents: 100, days: 365 },
      { kind: 'expired' },
      { kind: 'not_bought_post', postId: 'p1' },
      { kind: 'tier', tierId: 'vip' },
    ] as MassSegment[]) expect(() => validateSegment(s)).not.toThrow();
  });

  it('a message to an audience by behaviour reaches only the fans found at send time (no later subscribers), and may be scheduled', () => {
    const segment: MassSegment = { kind: 'expired' };
    const [created] = massMessageDecider.decide({ ...create, sendTo: 'ONLY_NEW', scheduledAt: '2026-11-25T10:00:00.000Z', segment }, massMessageDecider.initialState());
    expect(created.type === 'MassMessageCreated' && created.data).toMatchObject({ sendTo: 'ONLY_EXISTING', segment });
    const state = massMessageDecider.evolve(massMessageDecider.initialState(), created);
    expect(state).toMatchObject({ segment, status: 'scheduled' });
    // A message to subscribers records no segment.
    const [plain] = massMessageDecider.decide(create, massMessageDecider.initialState());
    expect(plain.type === 'MassMessageCreated' && 'segment' in plain.data).toBe(false);
  });

  it('a welcome message takes no audience by behaviour', () => {
    given(massMessageDecider).when({ ...create, kind: 'welcome', newUserDelay: 'IMMEDIATELY', segment: { kind: 'expired' } }).thenThrows('A welcome message goes to new subscribers.');
  });

  it('labels and views', () => {
    expect(segmentLabel({ kind: 'top_spenders', top: 10, minSpentCents: null, days: 30 })).toBe('Top 10 spenders, last 30 days');
    expect(segmentLabel({ kind: 'top_spenders', top: null, minSpentCents: 4999, days: 7 })).toBe('Fans who spent $49.99 or more, last 7 days');
    expect(segmentLabel({ kind: 'top_spenders', top: 5, minSpentCents: 10000, days: 90 })).toBe('Top 5 spenders of $100 or more, last 90 days');
    expect(segmentLabel({ kind: 'bought_post', postId: 'p' }, 'Beach day')).toBe('Fans who bought “Beach day”');
    expect(segmentView({ kind: 'not_bought_post', postId: 'p' })).toEqual({ type: 'not_bought_post', label: 'Subscribers who never bought a post', top: null, min_spent_cents: null, days: null, post_id: 'p', tier_id: null });
    expect(segmentView({ kind: 'tier', tierId: 'vip' }, 'VIP')).toEqual({ type: 'tier', label: 'Members of VIP and above', top: null, min_spent_cents: null, days: null, post_id: null, tier_id: 'vip' });
    expect(segmentLabel({ kind: 'tier', tierId: 'vip' })).toBe('Members of a tier and above');
    expect(spendSince(at, 30)).toBe('2026-10-25T10:00:00.000Z');
  });
});
