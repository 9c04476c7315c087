import { describe, expect, it } from 'vitest';
import { DEFAULT_PURCHASED_CONTENT_SETTINGS as ON } from '../settings/chat-settings';
import { purchasedScope } from './rules';

describe('what a fan\'s purchased-contents page shows', () => {
  it('everything by default', () => {
    expect(purchasedScope(ON, 'all', false)).toEqual({ enabled: true, kinds: ['post', 'message'], read: 'all', pricesHidden: false });
    expect(purchasedScope(undefined, 'message', false).read).toBe('message');
  });

  it('page off: nothing to read', () => {
    expect(purchasedScope({ ...ON, enabled: false }, 'all', false)).toMatchObject({ enabled: false, read: null });
  });

  it('one list off: "all" reads the other, asking for the hidden one reads nothing', () => {
    expect(purchasedScope({ ...ON, show_posts: false }, 'all', false)).toMatchObject({ kinds: ['message'], read: 'message' });
    expect(purchasedScope({ ...ON, show_posts: false }, 'post', false).read).toBeNull();
    expect(purchasedScope({ ...ON, show_chat_messages: false }, 'all', false)).toMatchObject({ kinds: ['post'], read: 'post' });
    expect(purchasedScope({ ...ON, show_posts: false, show_chat_messages: false }, 'all', false)).toMatchObject({ kinds: [], read: null });
  });

  it('prices hidden for fans', () => {
    expect(purchasedScope({ ...ON, show_prices: false }, 'all', false).pricesHidden).toBe(true);
  });

  it('staff always see all of a fan\'s purchases with prices', () => {
    const off = { enabled: false, show_posts: false, show_chat_messages: false, show_prices: false };
    expect(purchasedScope(off, 'post', true)).toEqual({ enabled: true, kinds: ['post', 'message'], read: 'post', pricesHidden: false });
  });
});
