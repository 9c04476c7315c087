import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import { given } from '../shared/given-when-then';
import { massMessageDecider, newMassCategoryProblem, undelivered, type CreateMassMessage, type MassMessageEvent } from './mass-message';

const at = '2026-11-24T10:00:00.000Z';
const photo = { mediaId: 'm1', kind: 'photo' as const };
const create: CreateMassMessage = {
  type: 'CreateMassMessage', massId: 'mm', kind: 'mass', senderId: 'model', messageType: 'photo', text: ' Hello all ', media: [photo], previewMediaIds: [], locked: true,
  priceCents: 2000, bounds: { minDollars: 5, maxDollars: 450 }, sendTo: 'EVERYONE', newUserDelay: 'STAGGER_OVER_TIME', delayByHours: null, scheduledAt: null,
  category: null, uniqueId: 'u1', at,
};
const events = (cmds: Parameters<typeof massMessageDecider.decide>[0][], from: MassMessageEvent[] = []) => {
  const all = [...from];
  for (const c of cmds) all.push(...massMessageDecider.decide(c, fold(massMessageDecider, all)));
  return all;
};
const copies = (fans: string[]) => fans.map((fanId) => ({ fanId, messageId: `copy-${fanId}` }));

describe('mass message rules (spec 2 §5)', () => {
  it.each([
    [{ messageType: 'text', text: '  ', media: [], locked: false }, 'Please insert the message.'],
    [{ messageType: 'photo', media: [], locked: false }, 'Please Select Media'],
    [{ messageType: 'text', text: 'locked words', media: [] }, 'Please Select Media'],
    [{ previewMediaIds: ['p1', 'p2'] }, 'You can only select 1 preview content'],
    [{ priceCents: 400 }, 'Choose an amount between 5 and 450'],
    [{ media: Array.from({ length: 46 }, () => photo) }, 'You have selected 46 images, maximum 45 images allowed.'],
    [{ scheduledAt: '2026-11-24T09:00:00.000Z' }, 'Schedule date cannot be in the past.'],
    [{ sendTo: 'ONLY_NEW', scheduledAt: '2026-11-25T09:00:00.000Z' }, 'Scheduling is not offered when sending only to new subscribers.'],
    [{ newUserDelay: 'DELAY_BY_HOURS', delayByHours: 1.25 }, 'delay_by_hours may have at most one decimal.'],
  ] as [Partial<CreateMassMessage>, string][])('refuses %j: %s', (patch, message) => {
    given(massMessageDecider).when({ ...create, ...patch }).thenThrows(message);
  });

  it('a welcome message locked with text only: the welcome text', () => {
    given(massMessageDecider).when({ ...create, kind: 'welcome', messageType: 'text', media: [] }).thenThrows('In order to send as locked, you must upload content.');
  });

  it('free clears the preview; the type follows the media; the same send repeated records nothing more', () => {
    const [created] = massMessageDecider.decide({ ...create, locked: false, priceCents: 0, previewMediaIds: ['p1'] }, massMessageDecider.initialState());
    expect(created.type === 'MassMessageCreated' && created.data.content).toMatchObject({ previewMediaId: null, priceCents: 0, type: 'photo', text: 'Hello all' });
    given(massMessageDecider, [created]).when(create).then([]);
  });
});

describe('delivery in batches (crash-safe)', () => {
  it('the audience is chosen once; a batch repeated after a crash adds only fans still missing; completes when all have one', () => {
    const log = events([create, { type: 'ChooseAudience', fanIds: ['a', 'b', 'c', 'a'], at }]);
    // A second choice (another node, a restart) changes nothing.
    expect(massMessageDecider.decide({ type: 'ChooseAudience', fanIds: ['x'], at }, fold(massMessageDecider, log))).toEqual([]);
    const first = events([{ type: 'DeliverCopies', copies: copies(['a', 'b']), at }], log);
    const s1 = fold(massMessageDecider, first);
    expect(undelivered(s1)).toEqual(['c']);
    // The same batch again (crash before the process knew it was written) plus the rest: only c is new.
    const [again] = massMessageDecider.decide({ type: 'DeliverCopies', copies: copies(['a', 'b', 'c', 'x']), at }, s1);
    expect(again.type === 'MassMessageCopiesDelivered' && again.data).toMatchObject({ copies: [{ fanId: 'c', messageId: 'copy-c', massMessageType: null }], deliveredTotal: 3, recipients: 3 });
    const done = events([{ type: 'DeliverCopies', copies: copies(['c']), at }, { type: 'CompleteSend', at }], first);
    expect(fold(massMessageDecider, done).status).toBe('sent');
    expect(done.filter((e) => e.type === 'MassMessageCopiesDelivered').flatMap((e) => (e.type === 'MassMessageCopiesDelivered' ? e.data.copies : [])).map((c) => c.fanId)).toEqual(['a', 'b', 'c']);
  });

  it('a large command is split into events of 500 copies, the progress counted per event', () => {
    const fans = Array.from({ length: 1200 }, (_, i) => `f${i}`);
    const log = events([create, { type: 'ChooseAudience', fanIds: fans, at }]);
    const out = massMessageDecider.decide({ type: 'DeliverCopies', copies: copies(fans), at }, fold(massMessageDecider, log));
    expect(out.map((e) => (e.type === 'MassMessageCopiesDelivered' ? [e.data.copies.length, e.data.deliveredTotal] : null))).toEqual([[500, 500], [500, 1000], [200, 1200]]);
  });

  it('not complete while a fan is missing', () => {
    const log = events([create, { type: 'ChooseAudience', fanIds: ['a', 'b'], at }, { type: 'DeliverCopies', copies: copies(['a']), at }]);
    expect(massMessageDecider.decide({ type: 'CompleteSend', at }, fold(massMessageDecider, log))).toEqual([]);
  });

  it('ONLY_NEW has no send-time audience; later subscribers get single copies, never twice, until cancelled', () => {
    const log = events([{ ...create, sendTo: 'ONLY_NEW' }, { type: 'ChooseAudience', fanIds: ['a'], at }, { type: 'CompleteSend', at }]);
    const s = fold(massMessageDecider, log);
    expect(s.audience).toEqual([]);
    expect(s.status).toBe('sent');
    const future = events([{ type: 'DeliverFutureCopies', copies: [{ fanId: 'n', messageId: 'copy-n', massMessageType: 'STAGGER' }], at }], log);
    expect(fold(massMessageDecider, future).futureDelivered).toBe(1);
    expect(massMessageDecider.decide({ type: 'DeliverFutureCopies', copies: [{ fanId: 'n', messageId: 'copy-n', massMessageType: 'STAGGER' }], at }, fold(massMessageDecider, future))).toEqual([]);
    const cancelled = events([{ type: 'CancelMassMessage', by: 'admin', reason: 'cancelled', at }], future);
    expect(massMessageDecider.decide({ type: 'DeliverFutureCopies', copies: [{ fanId: 'o', messageId: 'copy-o', massMessageType: 'STAGGER' }], at }, fold(massMessageDecider, cancelled))).toEqual([]);
    given(massMessageDecider, cancelled).when({ type: 'CancelMassMessage', by: 'admin', reason: 'cancelled', at }).thenThrows('This mass message is cancelled already.');
  });

  it('ONLY_EXISTING gives no copy to later subscribers', () => {
    const log = events([{ ...create, sendTo: 'ONLY_EXISTING' }, { type: 'ChooseAudience', fanIds: [], at }, { type: 'CompleteSend', at }]);
    expect(massMessageDecider.decide({ type: 'DeliverFutureCopies', copies: [{ fanId: 'n', messageId: 'c', massMessageType: 'PREVIOUS' }], at }, fold(massMessageDecider, log))).toEqual([]);
  });

  it('media failed: error (before any copy), resend with other media: copies marked RESENT', () => {
    const log = events([create, { type: 'WaitForMedia', at }, { type: 'FailMassMessage', error: 'Error in upload content. Please try again.', at }]);
    expect(fold(massMessageDecider, log)).toMatchObject({ status: 'error', error: 'Error in upload content. Please try again.' });
    given(massMessageDecider, events([create])).when({ type: 'ResendMassMessage', media: null, previewMediaId: undefined, by: 'admin', at }).thenThrows('Only a mass message in error can be sent again.');
    const other = { mediaId: 'm2', kind: 'video' as const };
    const resent = events([{ type: 'ResendMassMessage', media: [other], previewMediaId: undefined, by: 'admin', at }, { type: 'ChooseAudience', fanIds: ['a'], at }, { type: 'DeliverCopies', copies: copies(['a']), at }], log);
    const delivered = resent.find((e) => e.type === 'MassMessageCopiesDelivered');
    expect(delivered?.type === 'MassMessageCopiesDelivered' && delivered.data).toMatchObject({ content: { media: [other], type: 'video' }, copies: [{ massMessageType: 'RESENT' }] });
  });

  it('a welcome version marks every copy WELCOME', () => {
    const log = events([{ ...create, kind: 'welcome', newUserDelay: 'IMMEDIATELY' }, { type: 'ChooseAudience', fanIds: ['a'], at }, { type: 'DeliverCopies', copies: copies(['a']), at }]);
    const d = log.find((e) => e.type === 'MassMessageCopiesDelivered');
    expect(d?.type === 'MassMessageCopiesDelivered' && d.data.copies[0].massMessageType).toBe('WELCOME');
  });

  it('a scheduled message waits (status scheduled) and is chosen later', () => {
    const log = events([{ ...create, scheduledAt: '2026-11-25T10:00:00.000Z' }]);
    expect(fold(massMessageDecider, log).status).toBe('scheduled');
  });
});

describe('a locked mass message limited to a tier', () => {
  const tierIds = ['vip'];
  it('every copy carries the tier (also when sent again); the base tier means none; a free one or an unknown tier is refused', () => {
    const [created] = massMessageDecider.decide({ ...create, minTierId: 'vip', tierIds }, massMessageDecider.initialState());
    expect(created).toMatchObject({ type: 'MassMessageCreated', data: { content: { priceCents: 2000, minTierId: 'vip' } } });
    const all = events([{ type: 'ChooseAudience', fanIds: ['a'], at }, { type: 'DeliverCopies', copies: copies(['a']), at }], [created]);
    expect(all.find((e) => e.type === 'MassMessageCopiesDelivered')).toMatchObject({ data: { content: { minTierId: 'vip' } } });
    const failed = events([{ type: 'FailMassMessage', error: 'media', at }], [created]);
    const [resent] = massMessageDecider.decide({ type: 'ResendMassMessage', media: null, previewMediaId: undefined, by: 'admin', at }, fold(massMessageDecider, failed));
    expect(resent).toMatchObject({ type: 'MassMessageResent', data: { content: { minTierId: 'vip' } } });
    const [base] = massMessageDecider.decide({ ...create, minTierId: 'base', tierIds }, massMessageDecider.initialState());
    expect(base.type === 'MassMessageCreated' && 'minTierId' in base.data.content).toBe(false);
    given(massMessageDecider).when({ ...create, locked: false, priceCents: 0, minTierId: 'vip', tierIds }).thenThrows(/choose Locked to limit it to a tier/, { details: { field: 'min_tier_id' } });
    given(massMessageDecider).when({ ...create, minTierId: 'gold', tierIds }).thenThrows('Choose a tier that is offered.', { details: { field: 'min_tier_id' } });
  });
});

describe('a new category named with a mass message (CH-10)', () => {
  const taken = (slug: string) => slug === 'beach';
  it('gives the spec texts', () => {
    expect(newMassCategoryProblem('   ', taken)).toBe('Category not allow empty');
    expect(newMassCategoryProblem('x'.repeat(31), taken)).toBe('Category name cannot be more than 30 characters.');
    expect(newMassCategoryProblem(` ${'x'.repeat(30)} `, taken)).toBeUndefined();
    expect(newMassCategoryProblem(' BEACH ', taken)).toBe('Category already exist.');
    expect(newMassCategoryProblem('All Media', taken)).toBe('Category already exist.');
    expect(newMassCategoryProblem('preview', taken)).toBe('Category already exist.');
    expect(newMassCategoryProblem('Summer', taken)).toBeUndefined();
  });
});
