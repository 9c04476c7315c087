import { describe, expect, it } from 'vitest';
import { chatBubbleColours, DEFAULT_CHAT_SETTINGS } from './chat-settings';

describe('chat bubble colours', () => {
  it('unset colours leave the theme in charge', () => {
    expect(chatBubbleColours(DEFAULT_CHAT_SETTINGS, 'staff')).toEqual({});
    expect(chatBubbleColours(undefined, 'fan')).toEqual({});
    expect(chatBubbleColours(null, 'tip')).toEqual({});
  });

  it('each kind takes its own pair, and a pair may be half set', () => {
    const s = { ...DEFAULT_CHAT_SETTINGS, staff_bubble_color: '#111111', staff_text_color: '#eeeeee', fan_bubble_color: '#222222', tip_text_color: '#333333' };
    expect(chatBubbleColours(s, 'staff')).toEqual({ bgcolor: '#111111', color: '#eeeeee' });
    expect(chatBubbleColours(s, 'fan')).toEqual({ bgcolor: '#222222' });
    expect(chatBubbleColours(s, 'tip')).toEqual({ color: '#333333' });
  });
});
