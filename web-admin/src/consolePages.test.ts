import { describe, expect, it } from 'vitest';
import { consolePath } from './consolePages';
import { liveSessionsPath, oneToOnePath } from './live/paths';
import { massPurchasedByPath, welcomePurchasedByPath } from './mass-messages/paths';
import { postBuyersPath } from './reports/paths';

describe('consolePath', () => {
  it('adds each segment encoded and leaves a missing optional one out', () => {
    expect(consolePath('/live-stream-sessions')).toBe('/live-stream-sessions');
    expect(consolePath('/live-stream-sessions', null)).toBe('/live-stream-sessions');
    expect(consolePath('/purchased-by/mass-message', 'a b/c', undefined)).toBe('/purchased-by/mass-message/a%20b%2Fc');
    expect(consolePath('/purchased-by/mass-message', 'm1', 'p 2')).toBe('/purchased-by/mass-message/m1/p%202');
  });

  it('builds the areas\' links as they were', () => {
    expect(liveSessionsPath()).toBe('/live-stream-sessions');
    expect(liveSessionsPath('u/1')).toBe('/live-stream-sessions/u%2F1');
    expect(oneToOnePath('u1')).toBe('/live-stream/u1');
    expect(massPurchasedByPath('m1')).toBe('/purchased-by/mass-message/m1');
    expect(massPurchasedByPath('m1', 'p1')).toBe('/purchased-by/mass-message/m1/p1');
    expect(welcomePurchasedByPath('w 1')).toBe('/purchased-by/welcome-message/w%201');
    expect(postBuyersPath('p1', null)).toBe('/purchased-by/locked-exclusive-content/p1');
    expect(postBuyersPath('p1', 'x')).toBe('/purchased-by/locked-exclusive-content/p1/x');
  });
});
