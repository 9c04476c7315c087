// A fan's photo or video in chat: the picker's rules, who may ask for an upload address, and
// the chat-message decider with a fan's media (one item, text optional, held with its pay-per-message payment).
import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { chatMessageDecider, type ChatMessageEvent, type SendFanMessage } from './chat-message';
import { fanMediaType, MEDIA_FORMAT_NOT_SUPPORTED, ONLY_ONE_MEDIA, pickFanMedia, presignRefusal } from './fan-media';

const MB = 1024 * 1024;
const file = (name: string, size = 2 * MB, type = 'image/jpeg') => ({ name, size, type });

describe('the picker (spec 3 §5)', () => {
  it('keeps one supported file under the limit', () => {
    expect(pickFanMedia([], [file('a.jpg')], 10 * MB)).toEqual({ kept: [file('a.jpg')], error: null });
    expect(pickFanMedia([], [file('clip.mov', MB, 'video/quicktime')], 10 * MB).error).toBeNull();
    expect(pickFanMedia([], [file('clip.mp4', MB, 'video/mp4')], 10 * MB).error).toBeNull();
    expect(pickFanMedia([], [file('p.png', MB, 'image/png')], 10 * MB).error).toBeNull();
  });

  it('refuses a second item, another format, a file over the limit, with the spec texts', () => {
    expect(pickFanMedia([file('a.jpg')], [file('b.jpg')], 10 * MB)).toEqual({ kept: [file('a.jpg')], error: ONLY_ONE_MEDIA });
    expect(pickFanMedia([], [file('a.jpg'), file('b.jpg')], 10 * MB).error).toBe('You can not add more than one media.');
    expect(pickFanMedia([], [file('a.gif', MB, 'image/gif')], 10 * MB)).toEqual({ kept: [], error: MEDIA_FORMAT_NOT_SUPPORTED });
    expect(pickFanMedia([], [file('a.webp', MB, 'image/webp')], 10 * MB).error).toBe('Media format is not supported.');
    expect(pickFanMedia([], [file('big.mp4', 11 * MB, 'video/mp4')], 10 * MB)).toEqual({ kept: [], error: 'File big.mp4 size is too large.' });
  });

  it('skips duplicates (same name and size) silently', () => {
    expect(pickFanMedia([file('a.jpg')], [file('a.jpg')], 10 * MB)).toEqual({ kept: [file('a.jpg')], error: null });
    expect(pickFanMedia([], [file('a.jpg'), file('a.jpg')], 10 * MB)).toEqual({ kept: [file('a.jpg')], error: null });
    // Same name, other size: another file.
    expect(pickFanMedia([file('a.jpg')], [file('a.jpg', 3 * MB)], 10 * MB).error).toBe(ONLY_ONE_MEDIA);
  });

  it('types by the browser, else by the extension (some browsers give no type for .mov)', () => {
    expect(fanMediaType(file('x.mov', 1, ''))).toBe('video/quicktime');
    expect(fanMediaType(file('x.JPG', 1, ''))).toBe('image/jpeg');
    expect(fanMediaType(file('x.jpg', 1, 'image/jpg'))).toBe('image/jpeg');
    expect(fanMediaType(file('x.txt', 1, ''))).toBeNull();
    expect(fanMediaType(file('x.jpg', 1, 'text/plain'))).toBeNull();
  });
});

describe('who may ask for an upload address', () => {
  it('content staff: any purpose; a subscribed fan: a chat message only; everyone else: no', () => {
    expect(presignRefusal('admin', 'blog', false, true)).toBeNull();
    expect(presignRefusal('user', 'message', true, false)).toBeNull();
    expect(presignRefusal('user', 'blog', true, false)).toBe('purpose');
    expect(presignRefusal('user', 'media', true, false)).toBe('purpose');
    expect(presignRefusal('user', 'message', false, false)).toBe('not_subscribed');
    expect(presignRefusal('proxy_user', 'message', true, false)).toBe('forbidden');
    expect(presignRefusal('support', 'message', false, false)).toBe('forbidden');
  });
});

describe('the decider with a fan media message', () => {
  const at = '2026-11-26T10:00:00.000Z';
  const video = { mediaId: 'v1', kind: 'video' as const };
  const send: SendFanMessage = { type: 'SendFanMessage', messageId: 'm', fanId: 'fan', text: '', media: [video], isSubscriber: true, uniqueId: 'u', charge: null, creditUsed: false, at };
  const sent = (payPerMessage: { paymentId: string | null; amountCents: number; creditUsed: boolean } | null): ChatMessageEvent => ({
    type: 'ChatMessageSent',
    data: { messageId: 'm', fanId: 'fan', senderId: 'fan', fromStaff: false, type: 'video', text: '', media: [video], previewMediaId: null, priceCents: 0, uniqueId: 'u', payPerMessage, sentAt: at },
  });

  it('a video alone is a free video message; text is optional with media', () => {
    given(chatMessageDecider).when(send).then([sent(null)]);
  });

  it('two items, or no text and no media, are refused', () => {
    given(chatMessageDecider).when({ ...send, media: [video, { mediaId: 'p', kind: 'photo' }] }).thenThrows(ONLY_ONE_MEDIA);
    given(chatMessageDecider).when({ ...send, media: [] }).thenThrows("Message can't be empty");
  });

  it('a paid one waits for its payment with its media, and is delivered with them once', () => {
    const requested: ChatMessageEvent = {
      type: 'ChatMessageSendRequested',
      data: { messageId: 'm', fanId: 'fan', senderId: 'fan', text: '', uniqueId: 'u', paymentId: 'p1', amountCents: 300, requestedAt: at, media: [video] },
    };
    given(chatMessageDecider).when({ ...send, charge: { paymentId: 'p1', amountCents: 300 } }).then([requested]);
    given(chatMessageDecider, [requested]).when({ type: 'DeliverPaidMessage', paymentId: 'p1', at }).then([sent({ paymentId: 'p1', amountCents: 300, creditUsed: false })]);
    given(chatMessageDecider, [requested, sent({ paymentId: 'p1', amountCents: 300, creditUsed: false })]).when({ type: 'DeliverPaidMessage', paymentId: 'p1', at }).then([]);
  });
});
