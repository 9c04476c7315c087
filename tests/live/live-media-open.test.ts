// Which media server the API runs on: FANCLUB_LIVE=off, no janus binary, JANUS_URL, or a Janus it starts itself;
// the unavailable one says why and refuses every call; the configuration names a wrong variable.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../infra/config';
import { JANUS_MISSING_REASON, LiveMediaUnavailableError } from '../../infra/live/port';
import { unavailableLiveMedia } from '../../infra/live/unavailable';
import { openLiveMedia } from '../../api/live-media';
import { freePort, requireJanus, startTestJanus, type TestJanus } from '../support/janus';

const HAS_JANUS = requireJanus();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-live-open-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const base = { FANCLUB_DATA_DIR: tmp, FANCLUB_SECRET: 'x'.repeat(40) };

describe('live media: configuration and the unavailable server', () => {
  it('the configuration: defaults, JANUS_URL wants the admin key, bad values name the variable', () => {
    const cfg = loadConfig(base);
    expect(cfg).toMatchObject({ FANCLUB_LIVE: 'on', FANCLUB_JANUS_HTTP_PORT: 0, FANCLUB_JANUS_RTP_PORTS: '20000-20199' });
    // No fixed WebSocket port: the Janus the API starts takes a free one.
    expect(cfg.FANCLUB_JANUS_WS_PORT).toBeUndefined();
    expect(loadConfig({ ...base, FANCLUB_JANUS_WS_PORT: '9188' }).FANCLUB_JANUS_WS_PORT).toBe(9188);
    expect(() => loadConfig({ ...base, FANCLUB_JANUS_WS_PORT: '70000' })).toThrow(/FANCLUB_JANUS_WS_PORT/);
    expect(cfg.liveRecordingsDir).toBe(path.join(tmp, 'live-recordings'));
    expect(() => loadConfig({ ...base, JANUS_URL: 'ws://10.0.0.5:8188' })).toThrow(/FANCLUB_JANUS_ADMIN_KEY: required when JANUS_URL/);
    expect(() => loadConfig({ ...base, JANUS_URL: 'http://10.0.0.5:8088' })).toThrow(/JANUS_URL: must be ws:\/\/ or wss:\/\/ URLs/);
    expect(() => loadConfig({ ...base, FANCLUB_JANUS_RTP_PORTS: '30000-20000' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, FANCLUB_LIVE: 'maybe' })).toThrow(/FANCLUB_LIVE/);
    expect(loadConfig({ ...base, FANCLUB_LIVE_RECORDINGS_DIR: '/srv/rec' }).liveRecordingsDir).toBe('/srv/rec');
  });

  it('an unavailable media server says why and refuses every call with that reason', async () => {
    const m = unavailableLiveMedia('No media server here.');
    expect(m.status()).toEqual({ available: false, reason: 'No media server here.' });
    expect(m.relay).toBeUndefined();
    const room = { room: 1, secret: 's', pin: 'p' };
    for (const call of [
      () => m.createRoom({ description: 'x', record: false, recordingName: 'x' }), () => m.allow(room, ['t']), () => m.disallow(room, ['t']),
      () => m.listParticipants(room), () => m.destroyRoom(room), () => m.finishRecording('x'),
    ]) {
      const e = await call().catch((err) => err);
      expect(e).toBeInstanceOf(LiveMediaUnavailableError);
      expect(e.message).toBe('No media server here.');
    }
    await m.close();
  });

  it('FANCLUB_LIVE=off, or no janus binary: unavailable with the reason', async () => {
    const off = await openLiveMedia(loadConfig({ ...base, FANCLUB_LIVE: 'off' }));
    expect(off.status()).toEqual({ available: false, reason: 'Live streaming is turned off on this server (FANCLUB_LIVE=off).' });
    const PATH = process.env.PATH;
    process.env.PATH = tmp;
    try {
      const none = await openLiveMedia(loadConfig(base));
      expect(none.status()).toEqual({ available: false, reason: JANUS_MISSING_REASON });
    } finally {
      process.env.PATH = PATH;
    }
  });
});

describe.skipIf(!HAS_JANUS)('live media: a real Janus, started by the API or at JANUS_URL', () => {
  let j: TestJanus;
  beforeAll(async () => {
    j = await startTestJanus();
  });
  afterAll(async () => {
    await j?.stop();
  });

  it('JANUS_URL: rooms on that Janus with its admin key and api secret', async () => {
    const m = await openLiveMedia(loadConfig({ ...base, JANUS_URL: j.url, FANCLUB_JANUS_ADMIN_KEY: j.adminKey, FANCLUB_JANUS_API_SECRET: j.apiSecret, FANCLUB_LIVE_RECORDINGS_DIR: j.recordingsDir }));
    expect(m.status()).toEqual({ available: true, url: '/api/stream/janus' });
    const room = await m.createRoom({ description: 'Remote', record: false, recordingName: 'remote-1' });
    await m.allow(room, ['remote-token-001']);
    // The Janus' own owner sees the same room and token: one Janus, two servers using it.
    expect(await j.liveMedia.relay.tokenAllowed(room.room, 'remote-token-001')).toBe(true);
    await m.destroyRoom(room);
    await m.close();
    // A wrong admin key: Janus refuses to create rooms.
    const wrong = await openLiveMedia(loadConfig({ ...base, JANUS_URL: j.url, FANCLUB_JANUS_ADMIN_KEY: 'not-the-admin-key-at-all', FANCLUB_JANUS_API_SECRET: j.apiSecret }));
    await expect(wrong.createRoom({ description: 'x', record: false, recordingName: 'x' })).rejects.toThrow();
    await wrong.close();
    // A list: rooms are spread over the instances (here the same Janus twice), each room's id names its instance.
    const pool = await openLiveMedia(loadConfig({ ...base, JANUS_URL: `${j.url},${j.url}`, FANCLUB_JANUS_ADMIN_KEY: j.adminKey, FANCLUB_JANUS_API_SECRET: j.apiSecret }));
    expect(pool.status()).toEqual({ available: true, url: '/api/stream/janus' });
    const two = [await pool.createRoom({ description: 'a', record: false, recordingName: 'a' }), await pool.createRoom({ description: 'b', record: false, recordingName: 'b' })];
    expect(two.map((r) => r.room % 64).sort()).toEqual([0, 1]);
    expect(pool.relay!.urlFor!(two[1].room)).toBe(j.url);
    for (const r of two) await pool.destroyRoom(r);
    await pool.close();
  });

  it('no JANUS_URL: the API starts janus with a config folder under the data dir, and close() stops it', async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
    const wsPort = await freePort();
    const cfg = loadConfig({ ...base, FANCLUB_DATA_DIR: dataDir, FANCLUB_JANUS_WS_PORT: String(wsPort), FANCLUB_JANUS_RTP_PORTS: '39900-39999' });
    const m = await openLiveMedia(cfg);
    expect(m.status()).toEqual({ available: true, url: '/api/stream/janus' });
    expect(fs.existsSync(path.join(dataDir, 'janus', 'janus.jcfg'))).toBe(true);
    const room = await m.createRoom({ description: 'Local', record: true, recordingName: 'local-1' });
    expect(fs.existsSync(path.join(dataDir, 'live-recordings', 'local-1'))).toBe(true);
    await m.destroyRoom(room);
    await m.close();
    expect(m.status().available).toBe(false);
    // The port is taken: a second start reports why instead of failing the server.
    const holder = await openLiveMedia(cfg);
    const second = await openLiveMedia(loadConfig({ ...base, FANCLUB_DATA_DIR: fs.mkdtempSync(path.join(tmp, 'data-')), FANCLUB_JANUS_WS_PORT: String(wsPort) }));
    expect(second.status()).toMatchObject({ available: false, reason: expect.stringMatching(/Janus media server could not start/) });
    await holder.close();
  });

  it('no FANCLUB_JANUS_WS_PORT: two sites on one machine each start their own Janus on a free port', async () => {
    const site = (rtp: string) => loadConfig({ ...base, FANCLUB_DATA_DIR: fs.mkdtempSync(path.join(tmp, 'data-')), FANCLUB_JANUS_RTP_PORTS: rtp });
    const first = await openLiveMedia(site('39700-39749'));
    const second = await openLiveMedia(site('39750-39799'));
    try {
      expect(first.status()).toEqual({ available: true, url: '/api/stream/janus' });
      expect(second.status()).toEqual({ available: true, url: '/api/stream/janus' });
      const [a, b] = [first.relay!.url, second.relay!.url];
      expect(a).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
      expect(b).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
      expect(a).not.toBe(b);
      // Each site creates rooms on its own Janus (its admin key is its own).
      for (const m of [first, second]) {
        const room = await m.createRoom({ description: 'Two sites', record: false, recordingName: 'two-sites' });
        await m.allow(room, ['two-sites-token']);
        expect(await m.relay!.tokenAllowed(room.room, 'two-sites-token')).toBe(true);
        await m.destroyRoom(room);
      }
    } finally {
      await first.close();
      await second.close();
    }
  });
});
