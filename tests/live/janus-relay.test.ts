// GET /api/stream/janus, the browsers' relay to a real Janus: who may open it, what it refuses (room admin,
// other plugins, recording switches, foreign sessions), and the token check on every join — with a real
// publisher (werift) and a viewer who receives its media through the relay.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaStreamTrack, RTCPeerConnection } from 'werift';
import { startTestServer, type TestServer } from '../support/server';
import { JanusTestClient, publishTestStream, requireJanus, startTestJanus, type TestJanus } from '../support/janus';
import type { LiveMediaServer, LiveRelayBackend, LiveRoom } from '../../infra/live/port';
import { createJanusPool } from '../../infra/live/janus-pool';
import { defaultJoinPolicy } from '../../api/live/janus-relay';

const HAS_JANUS = requireJanus();

describe.skipIf(!HAS_JANUS)('Janus relay GET /api/stream/janus (two real Janus instances, PGlite)', () => {
  let j: TestJanus;
  let j2: TestJanus;
  /** The media server the test server uses: rooms spread over j and j2 (JANUS_URL with two instances). */
  let live: LiveMediaServer & { relay: LiveRelayBackend };
  let t: TestServer;
  let admin: string;
  let model: { token: string; id: string };
  let fan: { token: string; id: string };
  let fan2: { token: string; id: string };
  let relayUrl: string;
  let n = 0;
  const post = async (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});
  const login = async (email: string, password: string) => {
    const r = await post('/api/users/login', { email, password });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { token: r.body.data.token as string, id: r.body.data.userId as string };
  };
  const relay = (token: string, room?: number, headers: Record<string, string> = {}) => JanusTestClient.connect(`${relayUrl}${room ? `?room=${room}` : ''}`, { authorization: `Bearer ${token}`, ...headers });
  const janusOf = (room: LiveRoom) => (room.room % 64 === 0 ? j : j2);
  const newToken = () => randomBytes(16).toString('hex');

  beforeAll(async () => {
    j = await startTestJanus();
    j2 = await startTestJanus({ adminKey: j.adminKey, apiSecret: j.apiSecret, instanceIndex: 1 });
    live = createJanusPool([j.liveMedia, j2.liveMedia], { statusUrl: '/api/stream/janus' });
    t = await startTestServer('pglite', {}, { liveMedia: live });
    // This suite is about the relay itself, on rooms made straight through the media server (no live session):
    // the default join policy (model and live-stream manager publish, any token on the list views). The API's own
    // rule (a session on air, the caller's own token) is tested in tests/api/live.suite.ts.
    t.server.services.liveJoinPolicy = defaultJoinPolicy;
    relayUrl = `${t.base.replace('http', 'ws')}/api/stream/janus`;
    admin = (await login(t.adminEmail, t.adminPassword)).token;
    const created = await post('/admin-api/users', { name: 'Mia Model', email: `model.${++n}@example.com`, role: 'model' }, admin);
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    model = await login(`model.${n}@example.com`, created.body.generated_password);
    const register = async (label: string) => {
      const r = await post('/api/users/register', { name: `Fan ${label}`, email: `live.${label}.${++n}@example.com`, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
      return { token: r.body.data.token as string, id: r.body.data.userId as string };
    };
    fan = await register('one');
    fan2 = await register('two');
  });
  afterAll(async () => {
    await t?.close();
    await j?.stop();
    await j2?.stop();
  });

  it('needs a signed-in session; a session cookie counts only from the site itself', async () => {
    await expect(JanusTestClient.connect(relayUrl)).rejects.toThrow('HTTP 401');
    await expect(JanusTestClient.connect(relayUrl, { authorization: 'Bearer not-a-real-session-token-000' })).rejects.toThrow('HTTP 401');
    await expect(JanusTestClient.connect(relayUrl, { cookie: `fanclub_session=${fan.token}`, origin: 'http://evil.example' })).rejects.toThrow('HTTP 403');
    await expect(JanusTestClient.connect(relayUrl, { cookie: `fanclub_session=${fan.token}` })).rejects.toThrow('HTTP 403');
    const ok = await JanusTestClient.connect(relayUrl, { cookie: `fanclub_session=${fan.token}`, origin: t.base });
    const s = await ok.request({ janus: 'create' });
    expect(s.janus).toBe('success');
    ok.close();
  });

  it('refuses room administration, other plugins, recording switches and foreign sessions; none reaches Janus', async () => {
    const c = await relay(model.token);
    // Janus-level requests a browser does not need.
    for (const janus of ['info', 'list_sessions', 'claim', 'hangup', 'add_token', 'set_log_level']) {
      const r = await c.request({ janus, admin_secret: j.apiSecret, apisecret: j.apiSecret });
      expect(r, janus).toMatchObject({ janus: 'error', error: { code: 403 } });
    }
    const ids = await c.attach();
    const other = await c.request({ janus: 'attach', session_id: ids.session, plugin: 'janus.plugin.echotest' });
    expect(other).toMatchObject({ janus: 'error', error: { reason: 'Only janus.plugin.videoroom is available.' } });
    // Every VideoRoom admin request, even with the right admin key: refused by the relay.
    const room = 777_000 + Math.floor(Math.random() * 1000);
    for (const body of [
      { request: 'create', room, admin_key: j.adminKey }, { request: 'destroy', room }, { request: 'edit', room }, { request: 'allowed', room, action: 'disable' },
      { request: 'kick', room, id: 1 }, { request: 'listparticipants', room }, { request: 'list' }, { request: 'exists', room },
      { request: 'rtp_forward', room, admin_key: j.adminKey }, { request: 'enable_recording', room, record: true }, { request: 'moderate', room },
      { request: 'joinandconfigure', room, ptype: 'publisher', token: 'x' },
    ]) {
      const r = await c.message(ids, body);
      expect(r.data.error, body.request).toBe(`The request "${body.request}" is not available here.`);
    }
    // Recording switches and secrets ride on allowed requests: refused by name.
    expect((await c.message(ids, { request: 'configure', record: true, filename: '/tmp/x' })).data.error).toBe('The field "record" is not allowed here.');
    expect((await c.message(ids, { request: 'publish', filename: '/tmp/x' })).data.error).toBe('The field "filename" is not allowed here.');
    expect((await c.message(ids, { request: 'join', ptype: 'publisher', room, token: 'x', secret: 's' })).data.error).toBe('The field "secret" is not allowed here.');
    // Nothing reached Janus: the room does not exist.
    const direct = await JanusTestClient.connect(j.url);
    const d = await direct.attach({ apisecret: j.apiSecret });
    expect((await direct.message(d, { request: 'exists', room }, undefined, { apisecret: j.apiSecret })).data.exists).toBe(false);
    // Another connection's session and handle are not this one's.
    const f = await relay(fan.token);
    expect(await f.request({ janus: 'attach', session_id: ids.session, plugin: 'janus.plugin.videoroom' })).toMatchObject({ janus: 'error', error: { reason: 'No such session on this connection.' } });
    expect(await f.request({ janus: 'keepalive', session_id: d.session })).toMatchObject({ janus: 'error' });
    const fIds = await f.attach();
    expect(await f.request({ janus: 'message', session_id: fIds.session, handle_id: ids.handle, body: { request: 'leave' } })).toMatchObject({ error: { reason: 'No such handle on this connection.' } });
    // Keepalive, detach and destroy of its own pass.
    expect((await f.request({ janus: 'keepalive', session_id: fIds.session })).janus).toBe('ack');
    expect((await f.request({ janus: 'detach', session_id: fIds.session, handle_id: fIds.handle })).janus).toBe('success');
    expect((await f.request({ janus: 'destroy', session_id: fIds.session })).janus).toBe('success');
    for (const x of [c, f, direct]) x.close();
  });

  it('a join needs a token on the room\'s allowed list; the model publishes, a fan with a token watches real media, a fan cannot publish', async () => {
    const room: LiveRoom = await live.createRoom({ description: 'Group live', record: false, recordingName: 'relay-1' });
    const publisherToken = newToken();
    const viewerToken = newToken();
    await live.allow(room, [publisherToken, viewerToken]);
    const m = await relay(model.token, room.room);
    const join = async (c: JanusTestClient, body: Record<string, unknown>) => c.message(await c.attach(), { request: 'join', ptype: 'publisher', room: room.room, ...body });
    expect((await join(m, {})).data.error).toBe('A join needs your live token.');
    expect((await join(m, { token: newToken() })).data.error).toBe('Unauthorized (not in the allowed list)');
    expect((await join(m, { token: publisherToken, room: room.room + 1 })).data.error).toBe('Unauthorized (not in the allowed list)');
    expect((await join(m, { token: publisherToken, room: 'abc' })).data.error).toBe('A join needs the room number.');
    // The right token joins without knowing the pin (the relay adds it); the display is the caller's id.
    const pubIds = await m.attach();
    const joined = await m.message(pubIds, { request: 'join', ptype: 'publisher', room: room.room, token: publisherToken, display: 'someone else' });
    expect(joined.data).toMatchObject({ videoroom: 'joined', room: room.room });
    const pub = await publishTestStream(m, pubIds);
    await pub.connected;
    // Janus counts a publisher once its media is up (webrtcup), a moment after the peer connection.
    await expect.poll(() => live.listParticipants(room)).toEqual([{ id: joined.data.id, display: model.id, publisher: true }]);

    // A fan with a valid viewer token may not publish with it.
    const f = await relay(fan.token, room.room);
    expect((await join(f, { token: viewerToken })).data.error).toBe('Only the publisher of a live stream can publish.');
    // Subscribing: Janus itself would let anyone with the pin in; the relay wants the token.
    const sub = async (c: JanusTestClient, token?: string) => c.message(await c.attach(), { request: 'join', ptype: 'subscriber', room: room.room, streams: [{ feed: joined.data.id }], ...(token ? { token } : {}) });
    expect((await sub(f)).data.error).toBe('A join needs your live token.');
    expect((await sub(f, newToken())).data.error).toBe('Unauthorized (not in the allowed list)');
    const viewIds = await f.attach();
    const attached = await f.message(viewIds, { request: 'join', ptype: 'subscriber', room: room.room, streams: [{ feed: joined.data.id }], token: viewerToken });
    expect(attached.data).toMatchObject({ videoroom: 'attached', room: room.room });
    expect(attached.jsep?.type).toBe('offer');
    // The viewer answers and receives the publisher's video through Janus.
    const pc = new RTCPeerConnection();
    let videoPackets = 0;
    pc.onTrack.subscribe((track: MediaStreamTrack) => {
      if (track.kind === 'video') track.onReceiveRtp.subscribe(() => videoPackets++);
    });
    await pc.setRemoteDescription(attached.jsep as { type: 'offer'; sdp: string });
    await pc.setLocalDescription(await pc.createAnswer());
    if (pc.iceGatheringState !== 'complete') await new Promise<void>((r) => pc.iceGatheringStateChange.subscribe((s) => { if (s === 'complete') r(); }));
    const started = await f.message(viewIds, { request: 'start' }, { type: 'answer', sdp: pc.localDescription!.sdp });
    expect(started.data).toMatchObject({ started: 'ok' });
    await expect.poll(() => videoPackets, { timeout: 15_000 }).toBeGreaterThan(30);

    // Taking the viewer's token back closes the viewer's relay socket at once; the token no longer joins.
    await live.disallow(room, [viewerToken]);
    expect(await f.waitClosed(5_000)).toEqual({ code: 4403, reason: 'Your access to this live stream ended.' });
    const again = await relay(fan.token, room.room);
    expect((await sub(again, viewerToken)).data.error).toBe('Unauthorized (not in the allowed list)');
    again.close();
    await pc.close();
    // Ending the session closes the publisher's socket too.
    await pub.stop();
    await live.destroyRoom(room);
    expect((await m.waitClosed(5_000)).code).toBe(4403);
  });

  it('a token taken back by another API node (straight on Janus) closes the socket within a few seconds', async () => {
    const room = await live.createRoom({ description: 'Elsewhere', record: false, recordingName: 'relay-2' });
    const token = newToken();
    await live.allow(room, [token]);
    const m = await relay(model.token, room.room);
    expect((await m.message(await m.attach(), { request: 'join', ptype: 'publisher', room: room.room, token })).data.videoroom).toBe('joined');
    // Another node: its own client to the same Janus, no event in this process.
    const direct = await JanusTestClient.connect(janusOf(room).url);
    const d = await direct.attach({ apisecret: j.apiSecret });
    const removed = await direct.message(d, { request: 'allowed', room: room.room, secret: room.secret, action: 'remove', allowed: [token] }, undefined, { apisecret: j.apiSecret });
    expect(removed.data.videoroom).toBe('success');
    expect((await m.waitClosed(10_000)).code).toBe(4403);
    direct.close();
    await live.destroyRoom(room);
  });

  it('rooms are spread over the Janus instances; ?room= relays the browser to its room\'s instance', async () => {
    const rooms = await Promise.all([1, 2, 3, 4].map(async (i) => {
      const r = await live.createRoom({ description: `Spread ${i}`, record: false, recordingName: `spread-${i}` });
      await live.allow(r, [`spread-token-${i}-000`]);
      return r;
    }));
    expect(rooms.map((r) => r.room % 64).sort()).toEqual([0, 0, 1, 1]);
    const onSecond = rooms.find((r) => r.room % 64 === 1)!;
    const i = rooms.indexOf(onSecond) + 1;
    const join = async (c: JanusTestClient) => (await c.message(await c.attach(), { request: 'join', ptype: 'publisher', room: onSecond.room, token: `spread-token-${i}-000` })).data;
    // Without ?room= the browser lands on the first instance, which has no such room.
    const wrong = await relay(model.token);
    expect(await join(wrong)).toMatchObject({ error_code: 426 });
    const right = await relay(model.token, onSecond.room);
    expect(await join(right)).toMatchObject({ videoroom: 'joined', room: onSecond.room });
    expect((await live.listParticipants(onSecond)).length).toBe(1);
    for (const c of [wrong, right]) c.close();
    for (const r of rooms) await live.destroyRoom(r);
  });

  it('fan2 without any token gets nothing, and the relay says so when live is off', async () => {
    const f = await relay(fan2.token);
    const ids = await f.attach();
    expect((await f.message(ids, { request: 'join', ptype: 'subscriber', room: 1, streams: [{ feed: 1 }], token: newToken() })).data.error).toBe('Unauthorized (not in the allowed list)');
    f.close();
    const off = await startTestServer('pglite');
    try {
      const c = await JanusTestClient.connect(`${off.base.replace('http', 'ws')}/api/stream/janus`, { authorization: `Bearer ${(await off.call('POST', '/api/users/login', { email: off.adminEmail, password: off.adminPassword })).body.data.token}` });
      expect(await c.waitClosed()).toEqual({ code: 1013, reason: 'Live streaming is turned off on this server (FANCLUB_LIVE=off).' });
    } finally {
      await off.close();
    }
  });
});
