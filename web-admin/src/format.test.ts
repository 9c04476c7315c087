import { describe, expect, it } from 'vitest';
import { money } from './format';

describe('money', () => {
  it('writes a zero as "$0.00", also when it comes from negating zero', () => {
    expect(money(0)).toBe('$0.00');
    expect(money(-0)).toBe('$0.00');
    expect(money(-(0 + 0))).toBe('$0.00');
  });
  it('keeps the sign of real amounts and a dash for no amount', () => {
    expect(money(-500)).toBe('-$5.00');
    expect(money(1234)).toBe('$12.34');
    expect(money(null)).toBe('—');
  });
});
