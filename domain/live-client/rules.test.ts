import { describe, expect, it } from 'vitest';
import { callElapsedMs, callTerms, stopReasonText, viewerStopText, commentAuthor, commentParts, commentSendFailure, elapsedSince, viewerConnections, formatDuration, formatElapsed, livePopupFromFrame, mergeComments, newTabToken, nextDarkness, liveMessageError, showsLivePopup, videoFit } from './rules';

describe('live view rules', () => {
  it('overlay darkness goes 0 → 10 → 20 → 30 → off', () => {
    const seen = [0];
    for (let i = 0; i < 4; i++) seen.push(nextDarkness(seen[seen.length - 1]));
    expect(seen).toEqual([0, 10, 20, 30, 0]);
  });

  it('viewers: contain from 1024 px, cover below, the toggle wins', () => {
    expect(videoFit(1024, null)).toBe('contain');
    expect(videoFit(1023, null)).toBe('cover');
    expect(videoFit(375, 'contain')).toBe('contain');
    expect(videoFit(1440, 'cover')).toBe('cover');
  });

  it('the timer and durations', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(65_000)).toBe('01:05');
    expect(formatElapsed(3_726_000)).toBe('1:02:06');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(200)).toBe('3 min 20 s');
    expect(formatDuration(3900)).toBe('1 h 05 min');
    expect(formatDuration(null)).toBe('—');
  });

  it('a tab token is 12 hexadecimal characters', () => {
    expect(newTabToken()).toMatch(/^[0-9a-f]{12}$/);
  });

  it('comments: the spec texts, group 500 and one-to-one 1000', () => {
    expect(liveMessageError('   ', true)).toBe('Please type message.');
    expect(liveMessageError('x'.repeat(501), true)).toBe('Maximum 500 characters allowed.');
    expect(liveMessageError('x'.repeat(1000), false)).toBe(null);
    expect(liveMessageError('x'.repeat(1001), false)).toBe('Maximum 1000 characters allowed.');
  });

  it('anonymous tippers and merging', () => {
    expect(commentAuthor({ name: null, is_anonymous: true, from_admin: false })).toBe('Anonymous');
    expect(commentAuthor({ name: 'Ann', is_anonymous: true, from_admin: false })).toBe('Ann (anonymous)');
    const a = { _id: 'a', type: 'text', message: 'hi', sender_id: 'u', name: 'U', from_admin: false, amount: 0, is_anonymous: false, created: '2025-01-01T00:00:01Z' };
    const b = { ...a, _id: 'b', created: '2025-01-01T00:00:00Z' };
    expect(mergeComments([a], [b, a]).map((c) => c._id)).toEqual(['b', 'a']);
  });

  it('the "started a live stream" popup: the empty GROUP_LIVE_STARTED fans get is for the session that appears after it', () => {
    const group = (sessionId: string, isJoined = false) => ({ sessionId, isGroup: true, isJoined });
    // Fans' frame: no session in it (they read GET /api/stream/current).
    const fromEmpty = livePopupFromFrame({}, true, null);
    expect(showsLivePopup(fromEmpty, null)).toBe(false); // current not loaded yet
    expect(showsLivePopup(fromEmpty, group('s1'))).toBe(true);
    expect(showsLivePopup(fromEmpty, group('s1', true))).toBe(false); // already watching
    // A frame while an older session was still listed: not for that one.
    const late = livePopupFromFrame({}, true, 's0');
    expect(showsLivePopup(late, group('s0'))).toBe(false);
    expect(showsLivePopup(late, group('s1'))).toBe(true);
    // A frame naming its session (GO_LIVE to the invited fan, staff frames): that session only.
    const named = livePopupFromFrame({ sessionId: 's2', publisherName: 'Mona' }, false, null);
    expect(named.name).toBe('Mona');
    expect(showsLivePopup(named, { sessionId: 's2', isGroup: false, isJoined: false })).toBe(true);
    expect(showsLivePopup(named, { sessionId: 's3', isGroup: false, isJoined: false })).toBe(false);
    expect(showsLivePopup(livePopupFromFrame({}, false, null), group('s1'))).toBe(false);
    expect(showsLivePopup(null, group('s1'))).toBe(false);
  });

  it('overlay lines, the viewers list\'s connections, a refused comment, the timer: the same in both apps', () => {
    expect(commentParts({ type: 'tips', amount: 7, message: '' })).toEqual({ tip: 'tipped $7.00', separator: '', text: '' });
    expect(commentParts({ type: 'tips', amount: 12.5, message: 'Bravo' })).toEqual({ tip: 'tipped $12.50', separator: ' · ', text: 'Bravo' });
    expect(commentParts({ type: 'text', amount: 0, message: 'Hi' })).toEqual({ tip: null, separator: '', text: 'Hi' });
    expect(viewerConnections(1)).toEqual({ badge: 0, label: null });
    expect(viewerConnections(3)).toEqual({ badge: 3, label: '3 connections' });
    expect(commentSendFailure(401, 'Unauthorized')).toEqual({ clearInput: true, error: 'Unauthorized' });
    expect(commentSendFailure(403, '')).toEqual({ clearInput: false, error: 'Could not send Message' });
    expect(elapsedSince('2026-11-26T10:00:00.000Z', Date.parse('2026-11-26T10:01:05.000Z'))).toBe(65_000);
    expect(elapsedSince(null, 5)).toBe(0);
    expect(elapsedSince('2026-11-26T10:00:10.000Z', Date.parse('2026-11-26T10:00:00.000Z'))).toBe(0);
  });
});

describe('a paid call on the fan\'s screen', () => {
  it('the call time: ended stretches plus the running one, on the server\'s clock', () => {
    const since = '2026-11-26T10:00:00.000Z';
    const client = Date.parse(since) + 30_000;
    expect(callElapsedMs({ callSeconds: 0, billingSince: since }, client, 0)).toBe(30_000);
    // The client's clock is 5 s behind the server's.
    expect(callElapsedMs({ callSeconds: 12, billingSince: since }, client, 5_000)).toBe(47_000);
    expect(callElapsedMs({ callSeconds: 72, billingSince: null }, client, 0)).toBe(72_000);
    expect(callElapsedMs({ callSeconds: 0, billingSince: since }, Date.parse(since) - 1_000, 0)).toBe(0);
  });
  it('the terms before joining: rate, balance, whole minutes it pays for, what is missing', () => {
    expect(callTerms(200, 1000)).toEqual({ rate: '$2.00 per minute', balance: '$10.00', minutes: 5, shortfallCents: 0 });
    expect(callTerms(200, 399)).toMatchObject({ minutes: 1, shortfallCents: 0 });
    expect(callTerms(250, 100)).toMatchObject({ minutes: 0, shortfallCents: 150 });
  });
});

describe('the sessions report', () => {
  it('says why a session ended', () => {
    expect(stopReasonText('publisher_lost')).toBe("The creator's connection was lost");
    expect(stopReasonText('wallet_empty')).toBe("The fan's wallet ran out");
    expect(stopReasonText(null)).toBeNull();
  });
  it('tells the viewer why the stream ended for them', () => {
    expect(viewerStopText('publisher', true)).toBeNull();
    expect(viewerStopText('publisher_lost', true)).toBe("The creator's connection was lost. The live stream has ended.");
    expect(viewerStopText('wallet_empty', true)).toBe('Your access to this live stream ended.');
    expect(viewerStopText('removed', false)).toBeNull();
  });
});
