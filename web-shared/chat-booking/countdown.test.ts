import { describe, expect, it } from 'vitest';
import { formatRemaining } from './countdown';

describe('the countdown text', () => {
  it('reads as days and hours from a day on, else hours, minutes and seconds', () => {
    expect(formatRemaining(3725)).toBe('1h 02m 05s');
    expect(formatRemaining(65)).toBe('1m 05s');
    expect(formatRemaining(0)).toBe('0m 00s');
    expect(formatRemaining(-4)).toBe('0m 00s');
    expect(formatRemaining(2 * 86_400 + 3 * 3600 + 59)).toBe('2d 3h');
  });
});
