import { describe, expect, it } from 'vitest';
import { ValidationError } from '../shared/validation';
import { TIP_MESSAGE_TOO_LONG, tipBoundsMessage, tipConfirmText, tipDecider, tipMinimumText, validateTip, type TipEvent, type TipState } from './tip';

const bounds = { minDollars: 5, maxDollars: 500 };
const at = '2026-11-22T10:00:00.000Z';
const fold = (events: TipEvent[]): TipState => events.reduce(tipDecider.evolve, tipDecider.initialState());
const request = { type: 'RequestTip' as const, tipId: 't1', userId: 'u1', amountCents: 1200, tipFrom: 'tips_page' as const, isAnonymous: false, message: 'Thanks!', bounds, at };

describe('tip rules (spec 3 §5)', () => {
  it.each([
    [500, true], [50_000, true], [1234, true], [499, false], [50_001, false], [0, false], [-100, false], [12.5, false],
  ])('%i cents within $5..$500: %s', (cents, fine) => {
    const check = () => validateTip(cents, '', bounds);
    if (fine) expect(check).not.toThrow();
    else expect(check).toThrow(new ValidationError('amount', 'Choose a tip between 5 and 500'));
  });

  it('a note of 20,000 characters is fine, one more is too long', () => {
    expect(() => validateTip(500, 'x'.repeat(20_000), bounds)).not.toThrow();
    expect(() => validateTip(500, 'x'.repeat(20_001), bounds)).toThrow(TIP_MESSAGE_TOO_LONG);
  });

  it('the spec texts', () => {
    expect(tipBoundsMessage(1, 200)).toBe('Choose a tip between 1 and 200');
    expect(tipConfirmText(2000)).toBe('Please Confirm Tip of $20.00.');
    expect(tipMinimumText(5)).toBe('Minimum $5 USD.');
  });
});

describe('tip decider', () => {
  it('records the tip, then sent once; a repeat of either changes nothing', () => {
    const requested = tipDecider.decide(request, fold([]));
    expect(requested).toEqual([{ type: 'TipRequested', data: { tipId: 't1', userId: 'u1', amountCents: 1200, tipFrom: 'tips_page', isAnonymous: false, message: 'Thanks!', requestedAt: at } }]);
    expect(tipDecider.decide(request, fold(requested))).toEqual([]);
    const sent = tipDecider.decide({ type: 'CompleteTip', tipId: 't1', at }, fold(requested));
    expect(sent).toEqual([{ type: 'TipSent', data: { tipId: 't1', userId: 'u1', amountCents: 1200, sentAt: at, tipFrom: 'tips_page' } }]);
    expect(tipDecider.decide({ type: 'CompleteTip', tipId: 't1', at }, fold([...requested, ...sent]))).toEqual([]);
    expect(tipDecider.decide({ type: 'FailTip', tipId: 't1', failureCode: 'declined', at }, fold([...requested, ...sent]))).toEqual([]);
  });

  it("another fan's tip id is refused", () => {
    const requested = tipDecider.decide(request, fold([]));
    expect(() => tipDecider.decide({ ...request, userId: 'u2' }, fold(requested))).toThrow('Invalid request.');
  });

  it('a refused tip writes nothing; a tip never requested cannot be completed', () => {
    expect(() => tipDecider.decide({ ...request, amountCents: 100 }, fold([]))).toThrow('Choose a tip between 5 and 500');
    expect(() => tipDecider.decide({ type: 'CompleteTip', tipId: 'nope', at }, fold([]))).toThrow();
  });

  it('only a sent tip comes back, once', () => {
    const requested = tipDecider.decide(request, fold([]));
    expect(tipDecider.decide({ type: 'ReverseTip', tipId: 't1', kind: 'refund', at }, fold(requested))).toEqual([]);
    const sent = tipDecider.decide({ type: 'CompleteTip', tipId: 't1', at }, fold(requested));
    const back = tipDecider.decide({ type: 'ReverseTip', tipId: 't1', kind: 'chargeback', at }, fold([...requested, ...sent]));
    expect(back).toEqual([{ type: 'TipReversed', data: { tipId: 't1', userId: 'u1', amountCents: 1200, kind: 'chargeback', reversedAt: at } }]);
    expect(fold([...requested, ...sent, ...back]).status).toBe('chargeback');
    expect(tipDecider.decide({ type: 'ReverseTip', tipId: 't1', kind: 'refund', at }, fold([...requested, ...sent, ...back]))).toEqual([]);
  });
});
