// Decider tests for live streaming: the studio (one session on air, "Stream already started with another
// user."), the session life cycle, who may watch, comments, tips in live, per-minute billing with a fake clock.
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import {
  ANONYMOUS_GROUP_ONLY, LIVE_DISABLED, LIVE_LOW_BALANCE, LIVE_MESSAGE_EMPTY, NOT_A_PUBLISHER, NOT_INVITED, NOT_IN_STREAM, NO_COMMENT_BOX, NO_LIVE_STREAM,
  LIVE_PUBLISHER_FIRST_CONNECT_MS, LIVE_PUBLISHER_GRACE_MS, STREAM_ALREADY_STARTED, SUBSCRIBERS_ONLY, billingRoom, checkLiveTip, liveMessageTooLong, liveSessionDecider,
  liveConfirmPrice, liveStudioDecider, minutePaymentId, publisherDeadline, recordingNameOf, unpaidMinutes, type LiveSessionCommand, type LiveSessionEvent, type LiveSessionState, type LiveStartInput, type ViewerFacts,
} from './live-session';

/** A fake clock: minutes and seconds after a fixed start. */
const T0 = Date.parse('2026-11-26T10:00:00.000Z');
const at = (minutes: number, seconds = 0) => new Date(T0 + minutes * 60_000 + seconds * 1000).toISOString();

const room = { room: 1234, secret: 's3cret', pin: '9876' };
const start = (over: Partial<LiveStartInput> = {}): LiveSessionCommand => ({
  type: 'StartSession', sessionId: 'S1', isGroup: true, fanId: null, publisherId: 'model', publisherName: 'Creator', publisherRole: 'model', liveEnabled: true,
  room, recordingName: 'fanclub-local-s1', tabToken: '0123456789ab', publisherToken: 'pub-token', pricePerMinuteCents: 0, at: at(0), ...over,
});
const fan = (id: string, over: Partial<ViewerFacts> = {}): ViewerFacts => ({ userId: id, name: `Fan ${id}`, role: 'user', proxy: false, subscribed: true, blocked: false, walletBalanceCents: 0, ...over });

/** Runs commands in order, folding the events; returns the state and every event. */
function run(commands: LiveSessionCommand[], state: LiveSessionState = liveSessionDecider.initialState()) {
  const events: LiveSessionEvent[] = [];
  for (const c of commands) {
    const out = liveSessionDecider.decide(c, state);
    for (const e of out) state = liveSessionDecider.evolve(state, e);
    events.push(...out);
  }
  return { state, events };
}
const refused = (f: () => unknown): DomainError => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return e as DomainError;
  }
  throw new Error('expected a refusal');
};
const decideOn = (state: LiveSessionState, c: LiveSessionCommand) => liveSessionDecider.decide(c, state);

describe('the studio: one session on air', () => {
  const onAir = (sessionId: string, isGroup: boolean, fanId: string | null) => ({ sessionId, isGroup, fanId, publisherId: 'model' });
  it('a one-to-one with another user is refused with the spec text; the same one resumes; a stopped one frees it', () => {
    let s = liveStudioDecider.initialState();
    for (const e of liveStudioDecider.decide({ type: 'TakeStudio', next: onAir('A', false, 'fan1'), currentIsOver: false, at: at(0) }, s)) s = liveStudioDecider.evolve(s, e);
    expect(s.current?.sessionId).toBe('A');
    const e = refused(() => liveStudioDecider.decide({ type: 'TakeStudio', next: onAir('B', false, 'fan2'), currentIsOver: false, at: at(1) }, s));
    expect([e.message, e.status, e.code]).toEqual([STREAM_ALREADY_STARTED, 409, 'STREAM_ALREADY_STARTED']);
    expect(refused(() => liveStudioDecider.decide({ type: 'TakeStudio', next: onAir('B', true, null), currentIsOver: false, at: at(1) }, s)).message).toBe(STREAM_ALREADY_STARTED);
    expect(liveStudioDecider.decide({ type: 'TakeStudio', next: onAir('B', false, 'fan1'), currentIsOver: false, at: at(1) }, s)).toEqual([]);
    // The session on air stopped (or never got its first event): the studio is free.
    expect(liveStudioDecider.decide({ type: 'TakeStudio', next: onAir('B', false, 'fan2'), currentIsOver: true, at: at(2) }, s)[0].type).toBe('LiveStudioTaken');
    const released = liveStudioDecider.decide({ type: 'ReleaseStudio', sessionId: 'A', at: at(3) }, s);
    for (const ev of released) s = liveStudioDecider.evolve(s, ev);
    expect(s.current).toBeNull();
    expect(liveStudioDecider.decide({ type: 'ReleaseStudio', sessionId: 'A', at: at(3) }, s)).toEqual([]);
  });
});

describe('starting a session', () => {
  it('model, live_stream_manager and admins start; others are refused; enable_live_streaming must be on', () => {
    for (const role of ['model', 'live_stream_manager', 'admin', 'super_admin'] as const) expect(run([start({ publisherRole: role })]).state.status).toBe('live');
    for (const role of ['user', 'sub_admin', 'content_manager', 'support'] as const) expect(refused(() => run([start({ publisherRole: role })])).message).toBe(NOT_A_PUBLISHER);
    expect(refused(() => run([start({ liveEnabled: false })])).message).toBe(LIVE_DISABLED);
  });
  it('a one-to-one names its fan; the tab token is 12 hex characters; a repeat start is a no-op', () => {
    expect((refused(() => run([start({ isGroup: false, fanId: null })])) as ValidationError).details).toEqual({ field: 'userId' });
    for (const tab of ['0123456789AB', '0123456789a', 'zz23456789ab']) expect(refused(() => run([start({ tabToken: tab })])).details).toEqual({ field: 'tabToken' });
    const { state, events } = run([start({ isGroup: false, fanId: 'f1', pricePerMinuteCents: 200 }), start()]);
    expect(events.map((e) => e.type)).toEqual(['LiveSessionStarted']);
    expect(state).toMatchObject({ isGroup: false, fanId: 'f1', pricePerMinuteCents: 200, tabToken: '0123456789ab', publisherToken: 'pub-token' });
    // A group session is never billed per minute.
    expect(run([start({ pricePerMinuteCents: 200 })]).state.pricePerMinuteCents).toBe(0);
  });
  it('stream data only from the publisher, for the session\'s room', () => {
    const { state } = run([start()]);
    expect(decideOn(state, { type: 'SetStreamData', by: 'model', room: 1234, pubId: '77', pubPvtId: '88', at: at(0, 5) })[0]).toMatchObject({ type: 'LiveStreamDataSet', data: { pubId: '77' } });
    expect(refused(() => decideOn(state, { type: 'SetStreamData', by: 'fan', room: 1234, pubId: '1', pubPvtId: '2', at: at(0) })).status).toBe(403);
    expect(refused(() => decideOn(state, { type: 'SetStreamData', by: 'model', room: 99, pubId: '1', pubPvtId: '2', at: at(0) })).details).toEqual({ field: 'room' });
  });
  it('the recording name is built from the host and the stream id', () => {
    expect(recordingNameOf('Fans.Example.com:3000', 'AbC_123')).toBe('fans-example-com-3000-abc-123');
  });
});

describe('viewers and their tokens', () => {
  it('group: subscribers (status 1/2) and staff join; others are refused; several tabs count once', () => {
    const { state, events } = run([
      start(),
      { type: 'AddViewer', viewer: fan('a'), token: 't-a1', at: at(1) },
      { type: 'AddViewer', viewer: fan('a'), token: 't-a2', at: at(1, 10) },
      { type: 'AddViewer', viewer: fan('b'), token: 't-b', at: at(2) },
      { type: 'AddViewer', viewer: { ...fan('adm'), role: 'admin' }, token: 't-adm', at: at(2) },
    ]);
    expect(events.slice(1).map((e) => e.type === 'LiveViewerJoined' && [e.data.userId, e.data.connections, e.data.viewers])).toEqual([['a', 1, 1], ['a', 2, 1], ['b', 1, 2], ['adm', 1, 3]]);
    expect(state.peakViewers).toBe(3);
    expect(events[4].type === 'LiveViewerJoined' && events[4].data).toMatchObject({ staff: true, viewerIds: ['a', 'b'] });
    expect(refused(() => decideOn(state, { type: 'AddViewer', viewer: fan('c', { subscribed: false }), token: 't-c', at: at(3) })).message).toBe(SUBSCRIBERS_ONLY);
    expect(refused(() => decideOn(state, { type: 'AddViewer', viewer: fan('c', { blocked: true }), token: 't-c', at: at(3) })).status).toBe(403);
    expect(refused(() => decideOn(state, { type: 'AddViewer', viewer: fan('c', { proxy: true }), token: 't-c', at: at(3) })).status).toBe(403);
    // The same token again changes nothing.
    expect(decideOn(state, { type: 'AddViewer', viewer: fan('a'), token: 't-a1', at: at(3) })).toEqual([]);
  });
  it('one-to-one: only the invited fan (and admins); nobody joins a stopped session', () => {
    const { state } = run([start({ isGroup: false, fanId: 'f1' })]);
    expect(refused(() => decideOn(state, { type: 'AddViewer', viewer: fan('f2'), token: 't', at: at(1) })).message).toBe(NOT_INVITED);
    expect(refused(() => decideOn(state, { type: 'AddViewer', viewer: { ...fan('m2'), role: 'model' }, token: 't', at: at(1) })).message).toBe(NOT_INVITED);
    expect(refused(() => decideOn(state, { type: 'AddViewer', viewer: { ...fan('cm'), role: 'content_manager' }, token: 't', at: at(1) })).code).toBe('NOT_A_VIEWER');
    expect(decideOn(state, { type: 'AddViewer', viewer: { ...fan('adm'), role: 'admin' }, token: 't-adm', at: at(1) })[0]).toMatchObject({ data: { staff: true } });
    expect(decideOn(state, { type: 'AddViewer', viewer: fan('f1'), token: 't', at: at(1) })).toHaveLength(1);
    const stopped = run([{ type: 'StopSession', by: 'model', role: 'model', reason: 'publisher', at: at(2) }], state).state;
    expect(refused(() => decideOn(stopped, { type: 'AddViewer', viewer: fan('f1'), token: 't', at: at(3) })).message).toBe(NO_LIVE_STREAM);
  });
  it('remove_token, a block, a logout or an ended subscription take every token of that viewer; the stop takes all', () => {
    const joined = run([start(), { type: 'AddViewer', viewer: fan('a'), token: 't-a1', at: at(1) }, { type: 'AddViewer', viewer: fan('a'), token: 't-a2', at: at(1) }, { type: 'AddViewer', viewer: fan('b'), token: 't-b', at: at(1) }]).state;
    const one = decideOn(joined, { type: 'RemoveViewer', userId: 'a', token: 't-a2', reason: 'left', at: at(2) });
    expect(one[0]).toMatchObject({ type: 'LiveViewerLeft', data: { tokens: ['t-a2'], connections: 1, viewers: 2 } });
    // Someone else's token is not removed by naming it.
    expect(decideOn(joined, { type: 'RemoveViewer', userId: 'b', token: 't-a1', reason: 'left', at: at(2) })).toEqual([]);
    for (const reason of ['blocked', 'logged_out', 'subscription_ended'] as const) {
      const out = decideOn(joined, { type: 'RemoveViewer', userId: 'a', token: null, reason, at: at(2) });
      expect(out[0]).toMatchObject({ data: { tokens: ['t-a1', 't-a2'], reason, viewers: 1, viewerIds: ['b'] } });
    }
    const stop = decideOn(joined, { type: 'StopSession', by: 'model', role: 'model', reason: 'publisher', at: at(5, 30) });
    expect(stop[0]).toMatchObject({ type: 'LiveSessionStopped', data: { tokens: ['t-a1', 't-a2', 't-b', 'pub-token'], viewerIds: ['a', 'b'], durationSeconds: 330 } });
    const after = run([{ type: 'StopSession', by: 'model', role: 'model', reason: 'publisher', at: at(6) }], joined).state;
    expect(after.tokens).toEqual({});
    expect(decideOn(after, { type: 'StopSession', by: 'model', role: 'model', reason: 'publisher', at: at(7) })).toEqual([]);
    expect(refused(() => decideOn(joined, { type: 'StopSession', by: 'x', role: 'content_manager', reason: 'staff', at: at(7) })).status).toBe(403);
  });
});

describe('comments', () => {
  const live = run([start(), { type: 'AddViewer', viewer: fan('a'), token: 't-a', at: at(1) }]).state;
  const comment = (state: LiveSessionState, userId: string, message: string, role: 'user' | 'model' | 'live_stream_manager' = 'user') =>
    decideOn(state, { type: 'PostComment', commentId: 'c1', userId, name: 'N', role, proxy: false, message, at: at(2) });
  it('group: not blank, at most 500 characters, the spec messages; the model writes as admin', () => {
    expect(comment(live, 'a', '  hello  ')[0]).toMatchObject({ data: { message: 'hello', fromAdmin: false, viewerIds: ['a'] } });
    expect(refused(() => comment(live, 'a', '   ')).message).toBe(LIVE_MESSAGE_EMPTY);
    expect(comment(live, 'a', 'x'.repeat(500))).toHaveLength(1);
    expect(refused(() => comment(live, 'a', 'x'.repeat(501))).message).toBe('Maximum 500 characters allowed.');
    expect(comment(live, 'model', 'welcome', 'model')[0]).toMatchObject({ data: { fromAdmin: true } });
    expect(refused(() => comment(live, 'lsm', 'hi', 'live_stream_manager')).message).toBe(NO_COMMENT_BOX);
    expect(refused(() => comment(live, 'stranger', 'hi')).message).toBe(NOT_IN_STREAM);
  });
  it('one-to-one: at most 1000 characters', () => {
    const s = run([start({ isGroup: false, fanId: 'f' }), { type: 'AddViewer', viewer: fan('f'), token: 't', at: at(1) }]).state;
    expect(comment(s, 'f', 'y'.repeat(1000))).toHaveLength(1);
    expect(refused(() => comment(s, 'f', 'y'.repeat(1001))).message).toBe(liveMessageTooLong(1000));
  });
});

describe('tips in live', () => {
  const bounds = { minDollars: 5, maxDollars: 500 };
  const group = run([start(), { type: 'AddViewer', viewer: fan('a'), token: 't-a', at: at(1) }]).state;
  const one = run([start({ isGroup: false, fanId: 'f' }), { type: 'AddViewer', viewer: fan('f'), token: 't', at: at(1) }]).state;
  it('bounds from the tip settings, anonymous only in group, only fans watching', () => {
    expect(() => checkLiveTip(group, { userId: 'a', role: 'user', proxy: false, amountCents: 500, isAnonymous: true, bounds })).not.toThrow();
    expect(refused(() => checkLiveTip(group, { userId: 'a', role: 'user', proxy: false, amountCents: 499, isAnonymous: false, bounds })).message).toBe('Choose a tip between 5 and 500');
    expect(refused(() => checkLiveTip(group, { userId: 'a', role: 'user', proxy: false, amountCents: 50_001, isAnonymous: false, bounds })).message).toBe('Choose a tip between 5 and 500');
    expect(refused(() => checkLiveTip(one, { userId: 'f', role: 'user', proxy: false, amountCents: 500, isAnonymous: true, bounds })).message).toBe(ANONYMOUS_GROUP_ONLY);
    expect(refused(() => checkLiveTip(group, { userId: 'z', role: 'user', proxy: false, amountCents: 500, isAnonymous: false, bounds })).message).toBe(NOT_IN_STREAM);
    expect(refused(() => checkLiveTip(group, { userId: 'model', role: 'model', proxy: false, amountCents: 500, isAnonymous: false, bounds })).status).toBe(403);
    expect(refused(() => checkLiveTip(group, { userId: 'a', role: 'user', proxy: true, amountCents: 500, isAnonymous: false, bounds })).status).toBe(403);
  });
  it('a captured tip is recorded once with the running total, from its offer', () => {
    const offer = (tipId: string, amountCents: number, isAnonymous: boolean): LiveSessionCommand => ({ type: 'OfferTip', tipId, userId: 'a', name: 'A', amountCents, isAnonymous, at: at(2) });
    const { state, events } = run([
      offer('tip1', 500, true), offer('tip1', 500, true), offer('tip2', 1250, false),
      { type: 'RecordTip', tipId: 'tip1', at: at(2) },
      { type: 'RecordTip', tipId: 'tip1', at: at(2) },
      { type: 'RecordTip', tipId: 'tip2', at: at(3) },
      { type: 'RecordTip', tipId: 'never-offered', at: at(3) },
    ], group);
    expect(events.filter((e) => e.type === 'LiveTipOffered')).toHaveLength(2);
    expect(events.map((e) => e.type === 'LiveTipReceived' && [e.data.tipId, e.data.name, e.data.amountCents, e.data.totalCents, e.data.isAnonymous]).filter(Boolean)).toEqual([['tip1', 'A', 500, 500, true], ['tip2', 'A', 1250, 1750, false]]);
    expect(state.tipsCents).toBe(1750);
    expect(state.offeredTips).toEqual({});
    // Anonymous only in group: a one-to-one offer is named.
    expect(run([offer('tip3', 500, true)], one).events.map((e) => e.type === 'LiveTipOffered' && e.data.isAnonymous)).toEqual([false]);
  });
  it('a capture confirmed after the stop still counts in the session it was offered in; an offer needs the session live', () => {
    const offered = run([{ type: 'OfferTip', tipId: 'late', userId: 'a', name: 'A', amountCents: 700, isAnonymous: false, at: at(2) }], group).state;
    const stopped = run([{ type: 'StopSession', by: 'model', role: 'model', reason: 'publisher', at: at(3) }], offered).state;
    const late = run([{ type: 'RecordTip', tipId: 'late', at: at(9) }], stopped);
    expect(late.events.map((e) => e.type === 'LiveTipReceived' && e.data.totalCents)).toEqual([700]);
    expect(refused(() => decideOn(stopped, { type: 'OfferTip', tipId: 'x', userId: 'a', name: 'A', amountCents: 500, isAnonymous: false, at: at(4) })).message).toBe(NO_LIVE_STREAM);
  });
});

describe('presence: media connections as the relay reports them', () => {
  const pubUp = (handle: string, when: string): LiveSessionCommand => ({ type: 'ConnectMedia', role: 'publisher', userId: 'model', token: 'pub-token', handle, at: when });
  const pubLost = (handle: string, when: string, lastSeenAt = when): LiveSessionCommand => ({ type: 'LoseMedia', role: 'publisher', userId: 'model', token: 'pub-token', handle, cause: 'closed', lastSeenAt, at: when });
  it('a viewer tab whose connection is lost leaves at once (its token goes), reason disconnected; a report for a token not theirs changes nothing', () => {
    const { state } = run([start(), { type: 'AddViewer', viewer: fan('a'), token: 't-a', at: at(1) }, { type: 'ConnectMedia', role: 'viewer', userId: 'a', token: 't-a', handle: 'h1', at: at(1, 2) }]);
    expect(state.tokens['t-a'].connectedAt).toBe(at(1, 2));
    expect(decideOn(state, { type: 'LoseMedia', role: 'viewer', userId: 'b', token: 't-a', handle: 'h1', cause: 'closed', lastSeenAt: at(2), at: at(2) })).toEqual([]);
    const out = decideOn(state, { type: 'LoseMedia', role: 'viewer', userId: 'a', token: 't-a', handle: 'h1', cause: 'heartbeat', lastSeenAt: at(1, 58), at: at(2) });
    expect(out).toEqual([{ type: 'LiveViewerLeft', data: expect.objectContaining({ tokens: ['t-a'], reason: 'disconnected', cause: 'heartbeat', lastSeenAt: at(1, 58), viewers: 0, leftAt: at(2) }) }]);
    // Media reports of someone else's token, or of a publisher token by a viewer, change nothing.
    expect(decideOn(state, { type: 'ConnectMedia', role: 'viewer', userId: 'b', token: 't-a', handle: 'h9', at: at(2) })).toEqual([]);
    expect(decideOn(state, { type: 'ConnectMedia', role: 'publisher', userId: 'a', token: 't-a', handle: 'h9', at: at(2) })).toEqual([]);
  });
  it('a publisher lost gets the grace; back in time it goes on; after it the session ends, its duration up to when they were last seen', () => {
    let s = run([start(), pubUp('p1', at(0, 5))]).state;
    expect(publisherDeadline(s)).toBeNull();
    const lost = run([pubLost('p1', at(3), at(2, 59))], s);
    expect(lost.events[0]).toMatchObject({ type: 'LivePublisherLost', data: { present: false, graceUntil: new Date(Date.parse(at(3)) + LIVE_PUBLISHER_GRACE_MS).toISOString(), lastSeenAt: at(2, 59) } });
    s = lost.state;
    expect(decideOn(s, { type: 'EndIfPublisherGone', at: at(3, 9) })).toEqual([]);
    // Back within the grace (a reload): nothing ends.
    const back = run([pubUp('p2', at(3, 8))], s).state;
    expect(decideOn(back, { type: 'EndIfPublisherGone', at: at(10) })).toEqual([]);
    const ended = decideOn(s, { type: 'EndIfPublisherGone', at: at(3, 10) });
    expect(ended).toEqual([{ type: 'LiveSessionStopped', data: expect.objectContaining({ reason: 'publisher_lost', by: null, durationSeconds: 179, stoppedAt: at(3, 10) }) }]);
    // A second connection lost while another is up (a second tab): no grace.
    const two = run([pubUp('p2', at(1)), pubLost('p1', at(2))], run([start(), pubUp('p1', at(0, 5))]).state);
    expect(two.events.at(-1)).toMatchObject({ data: { present: true, graceUntil: null } });
    expect(publisherDeadline(two.state)).toBeNull();
  });
  it('a viewer tab whose media never comes up while the feed is up leaves after the time it had to connect', () => {
    const s = run([start(), pubUp('p1', at(0)), { type: 'AddViewer', viewer: fan('a'), token: 't-a', at: at(1) }, { type: 'AddViewer', viewer: fan('b'), token: 't-b', at: at(1) },
      { type: 'ConnectMedia', role: 'viewer', userId: 'b', token: 't-b', handle: 'hb', at: at(1, 2) }]).state;
    expect(decideOn(s, { type: 'DropUnconnected', at: at(1, 29) })).toEqual([]);
    expect(decideOn(s, { type: 'DropUnconnected', at: at(1, 30) })).toEqual([{ type: 'LiveViewerLeft', data: expect.objectContaining({ userId: 'a', tokens: ['t-a'], reason: 'disconnected', cause: 'never_connected', viewers: 1 }) }]);
    // Waiting for a feed that is not up (the publisher lost, or not on air yet) is not a fault of the viewer's.
    const waiting = run([start(), { type: 'AddViewer', viewer: fan('a'), token: 't-a', at: at(1) }]).state;
    expect(decideOn(waiting, { type: 'DropUnconnected', at: at(5) })).toEqual([]);
    const back = run([pubUp('p1', at(4, 50))], waiting).state;
    expect(decideOn(back, { type: 'DropUnconnected', at: at(5) })).toEqual([]);
    expect(decideOn(back, { type: 'DropUnconnected', at: at(5, 20) })).toHaveLength(1);
  });
  it('a publisher who never comes on air: the session ends after the first-connection time', () => {
    const s = run([start()]).state;
    expect(publisherDeadline(s)).toBe(new Date(Date.parse(at(0)) + LIVE_PUBLISHER_FIRST_CONNECT_MS).toISOString());
    expect(decideOn(s, { type: 'EndIfPublisherGone', at: at(1, 59) })).toEqual([]);
    expect(decideOn(s, { type: 'EndIfPublisherGone', at: at(2) })[0]).toMatchObject({ data: { reason: 'publisher_lost', durationSeconds: 120 } });
  });
});

describe('per-minute billing of a one-to-one session (fake clock)', () => {
  const billed = () => run([start({ isGroup: false, fanId: 'f', pricePerMinuteCents: 300 })]).state;
  const joinAndConnect = (when: string, token = 't', balance = 10_000): LiveSessionCommand[] => [
    { type: 'AddViewer', viewer: fan('f', { walletBalanceCents: balance }), token, at: when, confirmedPriceCents: 300 },
    { type: 'ConnectMedia', role: 'viewer', userId: 'f', token, handle: `h-${token}`, at: when },
  ];
  const pubUp = (when: string, handle = 'p1'): LiveSessionCommand => ({ type: 'ConnectMedia', role: 'publisher', userId: 'model', token: 'pub-token', handle, at: when });
  /** Both connected: the fan from `fanAt`, the publisher from `pubAt`. */
  const call = (pubAt: string, fanAt: string, balance = 10_000) => run([pubUp(pubAt), ...joinAndConnect(fanAt, 't', balance)], billed()).state;
  /** The supervisor's pass: deliver what ended by `upTo` within what the wallet covers, each payment captured, then the stop when the wallet is dry. */
  const pass = (state: LiveSessionState, balance: number, upTo: string) => {
    const room = billingRoom(state, balance);
    const delivered = run([{ type: 'DeliverMinutes', upTo, limit: room.limit, at: upTo }], state);
    const paid = run(unpaidMinutes(delivered.state).map((m) => ({ type: 'ChargeMinute' as const, ...m, at: upTo })), delivered.state);
    const n = delivered.events.length;
    const stop = delivered.state.billing && room.stopAfter(n) ? run([{ type: 'StopSession', by: null, role: null, reason: 'wallet_empty', at: upTo, billUpTo: null }], paid.state) : { state: paid.state, events: [] };
    return { state: stop.state, events: [...delivered.events, ...paid.events, ...stop.events] };
  };
  const kinds = (events: LiveSessionEvent[]) => events.map((e) => e.type);

  it('the fan joins only with the price they confirmed, and a wallet that pays the first minute', () => {
    for (const confirmedPriceCents of [undefined, null, 200, 301]) {
      const e = refused(() => decideOn(billed(), { type: 'AddViewer', viewer: fan('f', { walletBalanceCents: 10_000 }), token: 't', at: at(0), confirmedPriceCents }));
      expect([e.message, e.status, e.code, e.details]).toEqual([liveConfirmPrice(300), 409, 'PRICE_NOT_CONFIRMED', { pricePerMinuteCents: 300 }]);
    }
    const e = refused(() => decideOn(billed(), { type: 'AddViewer', viewer: fan('f', { walletBalanceCents: 299 }), token: 't', at: at(0), confirmedPriceCents: 300 }));
    expect([e.message, e.status, e.details.shortfallCents]).toEqual([LIVE_LOW_BALANCE, 402, 1]);
    // Staff looking in and unbilled sessions confirm nothing.
    expect(decideOn(billed(), { type: 'AddViewer', viewer: { ...fan('adm'), role: 'admin' }, token: 't-adm', at: at(0) })).toHaveLength(1);
    expect(decideOn(run([start({ isGroup: false, fanId: 'f' })]).state, { type: 'AddViewer', viewer: fan('f'), token: 't', at: at(0) })).toHaveLength(1);
  });
  it('the call time runs only while the fan and the publisher are both connected: a token alone, or the fan waiting for the camera, costs nothing', () => {
    const waiting = run([{ type: 'AddViewer', viewer: fan('f', { walletBalanceCents: 10_000 }), token: 't', at: at(0), confirmedPriceCents: 300 }], billed());
    expect(waiting.state.billing).toBeNull();
    const connected = run([{ type: 'ConnectMedia', role: 'viewer', userId: 'f', token: 't', handle: 'h', at: at(0, 10) }], waiting.state);
    expect(kinds(connected.events)).toEqual(['LiveViewerConnected']);
    expect(pass(connected.state, 10_000, at(5)).events).toEqual([]);
    const on = run([pubUp(at(2))], connected.state);
    expect(on.events[1]).toEqual({ type: 'LiveBillingStarted', data: { sessionId: 'S1', fanId: 'f', from: at(2) } });
  });
  it('every whole minute of call time is delivered, then paid (one event each, in order); the minute under way is not', () => {
    let s = call(at(0, 30), at(1));
    expect(pass(s, 10_000, at(1, 59)).events).toEqual([]);
    const r = pass(s, 10_000, at(4, 30));
    expect(r.events.filter((e) => e.type === 'LiveMinuteDelivered').map((e) => e.type === 'LiveMinuteDelivered' && [e.data.minute, e.data.from, e.data.to, e.data.paymentId])).toEqual([
      [1, at(1), at(2), minutePaymentId('S1', 1)], [2, at(2), at(3), minutePaymentId('S1', 2)], [3, at(3), at(4), minutePaymentId('S1', 3)],
    ]);
    expect(kinds(r.events.filter((e) => e.type === 'LiveMinuteCharged'))).toHaveLength(3);
    s = r.state;
    expect([s.minutesCharged, s.chargedCents, s.billing]).toEqual([3, 900, { since: at(1), from: at(4) }]);
    expect(pass(s, 9_100, at(4, 59)).events).toEqual([]);
  });
  it('the fan\'s connection lost 12 s in: nothing is charged; lost after a minute and a half: that one minute, delivered at the loss', () => {
    const early = run([{ type: 'LoseMedia', role: 'viewer', userId: 'f', token: 't', handle: 'h-t', cause: 'closed', lastSeenAt: at(1, 12), at: at(1, 12) }], call(at(0), at(1)));
    expect(kinds(early.events)).toEqual(['LiveBillingStopped', 'LiveViewerLeft']);
    expect(early.events[0]).toMatchObject({ data: { since: at(1), until: at(1, 12), reason: 'fan_left' } });
    expect(pass(early.state, 10_000, at(10)).events).toEqual([]);
    // Lost at 1:30 into the call, noticed 3 s later: minute 1 is delivered (the loss tells it ended in time), minute 2 is free.
    const late = run([{ type: 'LoseMedia', role: 'viewer', userId: 'f', token: 't', handle: 'h-t', cause: 'heartbeat', lastSeenAt: at(2, 30), at: at(2, 33) }], call(at(0), at(1)));
    expect(kinds(late.events)).toEqual(['LiveMinuteDelivered', 'LiveBillingStopped', 'LiveViewerLeft']);
    expect(unpaidMinutes(late.state)).toEqual([{ minute: 1, paymentId: minutePaymentId('S1', 1), amountCents: 300 }]);
    // Back later: a new stretch from the reconnection, minutes numbered on.
    const again = run(joinAndConnect(at(10, 15), 't2'), late.state);
    const r = pass(again.state, 9_700, at(11, 20));
    expect(r.events.find((e) => e.type === 'LiveMinuteDelivered')).toMatchObject({ data: { minute: 2, from: at(10, 15), to: at(11, 15) } });
  });
  it('the publisher lost pauses the call time (the minute under way is free) and back within the grace resumes it from their return', () => {
    const s = call(at(0), at(0));
    const lost = run([{ type: 'LoseMedia', role: 'publisher', userId: 'model', token: 'pub-token', handle: 'p1', cause: 'closed', lastSeenAt: at(1, 40), at: at(1, 40) }], s);
    expect(kinds(lost.events)).toEqual(['LiveMinuteDelivered', 'LiveBillingStopped', 'LivePublisherLost']);
    expect(pass(lost.state, 10_000, at(1, 49)).events.filter((e) => e.type === 'LiveMinuteDelivered')).toEqual([]);
    const back = run([pubUp(at(1, 48), 'p2')], lost.state);
    expect(back.events[1]).toMatchObject({ type: 'LiveBillingStarted', data: { from: at(1, 48) } });
    expect(pass(back.state, 9_700, at(2, 50)).events.find((e) => e.type === 'LiveMinuteDelivered')).toMatchObject({ data: { minute: 2, from: at(1, 48) } });
  });
  it('a stop delivers the whole minutes up to when both were last known connected, never beyond', () => {
    const s = call(at(0), at(0));
    const stop = decideOn(s, { type: 'StopSession', by: 'model', role: 'model', reason: 'publisher', at: at(2, 10), billUpTo: at(2, 8) });
    expect(kinds(stop)).toEqual(['LiveMinuteDelivered', 'LiveMinuteDelivered', 'LiveBillingStopped', 'LiveSessionStopped']);
    expect(kinds(decideOn(s, { type: 'StopSession', by: 'model', role: 'model', reason: 'publisher', at: at(2, 10), billUpTo: at(1, 59) }))).toEqual(['LiveMinuteDelivered', 'LiveBillingStopped', 'LiveSessionStopped']);
    // A captured payment's grant is recorded after the stop too.
    const stopped = run([{ type: 'StopSession', by: 'model', role: 'model', reason: 'publisher', at: at(2, 10), billUpTo: at(2, 8) }], s).state;
    expect(run(unpaidMinutes(stopped).map((m) => ({ type: 'ChargeMinute' as const, ...m, at: at(2, 11) })), stopped).state.chargedCents).toBe(600);
  });
  it('the session ends cleanly when the wallet cannot pay the next minute; minutes it cannot pay are not delivered', () => {
    const s = call(at(0), at(0), 700);
    const r = pass(s, 700, at(3));
    expect(kinds(r.events)).toEqual(['LiveMinuteDelivered', 'LiveMinuteDelivered', 'LiveMinuteCharged', 'LiveMinuteCharged', 'LiveBillingStopped', 'LiveSessionStopped']);
    expect(r.events.at(-1)).toMatchObject({ data: { reason: 'wallet_empty', tokens: ['t', 'pub-token'] } });
    expect(r.state.chargedCents).toBe(600);
    // The wallet spent elsewhere meanwhile: nothing is delivered it cannot pay, the call ends.
    const dry = pass(s, 100, at(1, 5));
    expect(kinds(dry.events)).toEqual(['LiveBillingStopped', 'LiveSessionStopped']);
  });
  it('a minute is charged once, only with its own payment (a retried grant changes nothing)', () => {
    const s = run([{ type: 'DeliverMinutes', upTo: at(2), limit: 10, at: at(2) }], call(at(0), at(0))).state;
    const m = unpaidMinutes(s);
    expect(m.map((x) => x.minute)).toEqual([1, 2]);
    const once = run([{ type: 'ChargeMinute', ...m[0], at: at(2) }, { type: 'ChargeMinute', ...m[0], at: at(2) }, { type: 'ChargeMinute', ...m[1], at: at(2) }], s);
    expect(once.events.map((e) => e.type === 'LiveMinuteCharged' && e.data.minute)).toEqual([1, 2]);
    expect(decideOn(s, { type: 'ChargeMinute', ...m[1], paymentId: 'another', at: at(2) })).toEqual([]);
    expect(decideOn(s, { type: 'ChargeMinute', minute: 3, paymentId: minutePaymentId('S1', 3), amountCents: 300, at: at(2) })).toEqual([]);
  });
  it('group sessions and stopped sessions are never billed', () => {
    const g = run([start({ pricePerMinuteCents: 300 }), pubUp(at(0)), { type: 'AddViewer', viewer: fan('a'), token: 't', at: at(0) }, { type: 'ConnectMedia', role: 'viewer', userId: 'a', token: 't', handle: 'h', at: at(0) }]);
    expect(kinds(g.events)).not.toContain('LiveBillingStarted');
    expect(pass(g.state, 0, at(10)).events).toEqual([]);
    const stopped = run([{ type: 'StopSession', by: 'model', role: 'model', reason: 'publisher', at: at(0, 30) }], call(at(0), at(0))).state;
    expect(pass(stopped, 10_000, at(10)).events).toEqual([]);
  });
});

describe('recording', () => {
  it('is recorded once, after the stop', () => {
    const live = run([start()]).state;
    expect(decideOn(live, { type: 'RecordRecording', mediaId: 'm', path: '/x.mp4', bytes: 1, durationSeconds: 1, at: at(1) })).toEqual([]);
    const stopped = run([{ type: 'StopSession', by: 'model', role: 'model', reason: 'publisher', at: at(1) }], live).state;
    const r = run([{ type: 'RecordRecording', mediaId: 'm', path: '/x.mp4', bytes: 10, durationSeconds: 60, at: at(2) }, { type: 'RecordRecordingMissing', reason: 'x', at: at(2) }], stopped);
    expect(r.events.map((e) => e.type)).toEqual(['LiveRecordingReady']);
  });
});
