import { describe, expect, it } from 'vitest';
import { unreadTitle } from './unreadTitle';

describe('the console tab title', () => {
  it('counts unread messages in front of the site name', () => {
    expect(unreadTitle('Ava', 3)).toBe('(3) Ava Console');
    expect(unreadTitle('Ava', 0)).toBe('Ava Console');
    expect(unreadTitle('', null)).toBe('Fanclub Console');
    expect(unreadTitle(undefined, 250)).toBe('(99+) Fanclub Console');
  });
});
