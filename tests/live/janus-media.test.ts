// The media server on a real Janus (part M): the process the API starts (config, readiness, stop,
// restart), rooms only with the admin key, the allowed-token ACL, and a real recording turned into an mp4.
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo, runFfmpeg } from '../../infra/media/video';
import { JanusTestClient, publishTestStream, requireJanus, startTestJanus, type TestJanus } from '../support/janus';

const HAS_JANUS = requireJanus();

/** The pid of the Janus started with this folder (the test owns it). */
function janusPid(j: TestJanus): number | null {
  const out = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  const line = out.split('\n').find((l) => l.includes('janus -F') && l.includes(j.dir));
  return line ? Number(line.trim().split(/\s+/)[0]) : null;
}

describe.skipIf(!HAS_JANUS)('live media server on a real Janus', () => {
  let j: TestJanus;
  let startMs = 0;
  beforeAll(async () => {
    const t0 = Date.now();
    j = await startTestJanus();
    startMs = Date.now() - t0;
  });
  afterAll(async () => {
    await j?.stop();
  });

  const direct = async () => JanusTestClient.connect(j.url);
  const secret = () => ({ apisecret: j.apiSecret });

  it('starts in under 2 s with the VideoRoom plugin and the WebSocket API only, on 127.0.0.1, and wants the api secret', async () => {
    expect(startMs).toBeLessThan(2_000);
    expect(j.liveMedia.status()).toEqual({ available: true, url: '/api/stream/janus' });
    const c = await direct();
    const info = await c.request({ janus: 'info', ...secret() });
    expect(info.janus).toBe('server_info');
    expect(Object.keys(info.plugins)).toEqual(['janus.plugin.videoroom']);
    expect(Object.keys(info.transports)).toEqual(['janus.transport.websockets']);
    // Without the api secret Janus answers nothing but errors.
    const refused = await c.request({ janus: 'create' });
    expect(refused.janus).toBe('error');
    expect(refused.error.code).toBe(403);
    c.close();
    const conf = fs.readFileSync(path.join(j.dir, 'conf', 'janus.jcfg'), 'utf8');
    expect(conf).toMatch(/ignore_mdns = true/);
    expect(conf).toMatch(/rtp_port_range = "\d+-\d+"/);
    expect(fs.readFileSync(path.join(j.dir, 'conf', 'janus.transport.websockets.jcfg'), 'utf8')).toMatch(/ws_ip = "127.0.0.1"/);
    expect(fs.readFileSync(path.join(j.dir, 'conf', 'janus.plugin.videoroom.jcfg'), 'utf8')).toContain(`admin_key = "${j.adminKey}"`);
  });

  it('creates rooms only with the admin key', async () => {
    const room = await j.liveMedia.createRoom({ description: 'Group live', record: false, recordingName: 'host-1' });
    expect(room.room).toBeGreaterThan(0);
    expect(room.secret).toMatch(/^[\w-]{32}$/);
    expect(room.pin).toMatch(/^[\w-]{16}$/);
    expect(await j.liveMedia.listParticipants(room)).toEqual([]);
    // Anyone else on the Janus API (even with the api secret) cannot create a room without the admin key.
    const c = await direct();
    const ids = await c.attach(secret());
    for (const key of [{}, { admin_key: 'not-the-key' }]) {
      const r = await c.message(ids, { request: 'create', room: 4242, ...key }, undefined, secret());
      expect(r.data.error_code, JSON.stringify(r.data)).toBeTruthy();
    }
    const exists = await c.message(ids, { request: 'exists', room: 4242 }, undefined, secret());
    expect(exists.data.exists).toBe(false);
    // Nor destroy the server's room without its secret.
    const destroy = await c.message(ids, { request: 'destroy', room: room.room, secret: 'guess' }, undefined, secret());
    expect(destroy.data.error_code).toBe(433);
    expect((await c.message(ids, { request: 'exists', room: room.room }, undefined, secret())).data.exists).toBe(true);
    c.close();
    await j.liveMedia.destroyRoom(room);
    await j.liveMedia.destroyRoom(room); // a missing room is fine
    expect(await j.liveMedia.listParticipants(room)).toEqual([]);
  });

  it('a join needs a token on the allowed list: a wrong or guessed token or room gets nothing, disallow takes it back', async () => {
    const room = await j.liveMedia.createRoom({ description: 'One to one', record: false, recordingName: 'host-2' });
    await j.liveMedia.allow(room, ['publisher-token-0001', 'viewer-token-0001']);
    expect(await j.liveMedia.relay.tokenAllowed(room.room, 'viewer-token-0001')).toBe(true);
    expect(await j.liveMedia.relay.tokenAllowed(room.room, 'viewer-token-0002')).toBe(false);
    expect(await j.liveMedia.relay.tokenAllowed(room.room + 1, 'viewer-token-0001')).toBe(false);
    const c = await direct();
    const join = async (body: Record<string, unknown>) => {
      const ids = await c.attach(secret());
      return (await c.message(ids, { request: 'join', ptype: 'publisher', room: room.room, pin: room.pin, ...body }, undefined, secret())).data;
    };
    expect(await join({ token: 'guessed-token-0001' })).toMatchObject({ error_code: 433 });
    expect(await join({})).toMatchObject({ error_code: 433 });
    expect(await join({ token: 'publisher-token-0001', pin: 'wrong-pin' })).toMatchObject({ error_code: 433 });
    expect(await join({ token: 'publisher-token-0001', room: room.room + 1 })).toMatchObject({ error_code: 426 });
    const ok = await join({ token: 'publisher-token-0001', display: 'creator' });
    expect(ok).toMatchObject({ videoroom: 'joined', room: room.room });
    expect(await j.liveMedia.listParticipants(room)).toEqual([{ id: ok.id, display: 'creator', publisher: false }]);
    const revoked: Array<[number, unknown]> = [];
    const stop = j.liveMedia.relay.onRevoked((r, t) => revoked.push([r, t]));
    await j.liveMedia.disallow(room, ['publisher-token-0001']);
    expect(revoked).toEqual([[room.room, ['publisher-token-0001']]]);
    expect(await join({ token: 'publisher-token-0001' })).toMatchObject({ error_code: 433 });
    expect(await j.liveMedia.relay.tokenAllowed(room.room, 'publisher-token-0001')).toBe(false);
    await j.liveMedia.destroyRoom(room);
    expect(revoked.at(-1)).toEqual([room.room, 'all']);
    stop();
    c.close();
  });

  it('records a published stream; finishRecording makes one mp4 with video and sound', async () => {
    expect(await j.liveMedia.finishRecording('never-recorded')).toBeNull();
    await expect(j.liveMedia.finishRecording('../escape')).rejects.toThrow(/Invalid recording name/);
    await expect(j.liveMedia.createRoom({ description: 'x', record: true, recordingName: 'a/b' })).rejects.toThrow(/Invalid recording name/);
    const room = await j.liveMedia.createRoom({ description: 'Recorded', record: true, recordingName: 'host.example-stream-7' });
    await j.liveMedia.allow(room, ['publisher-token-0007']);
    const c = await direct();
    const ids = await c.attach(secret());
    const joined = await c.message(ids, { request: 'join', ptype: 'publisher', room: room.room, pin: room.pin, token: 'publisher-token-0007' }, undefined, secret());
    expect(joined.data.videoroom).toBe('joined');
    const pub = await publishTestStream(c, ids, secret());
    await pub.connected;
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await j.liveMedia.listParticipants(room)).toMatchObject([{ id: joined.data.id, publisher: true }]);
    await pub.stop();
    c.close();
    await j.liveMedia.destroyRoom(room);
    const folder = path.join(j.recordingsDir, 'host.example-stream-7');
    const files = fs.readdirSync(folder).filter((f) => f.endsWith('.mjr'));
    expect(files.some((f) => f.includes('-video-'))).toBe(true);
    expect(files.some((f) => f.includes('-audio-'))).toBe(true);
    const done = await j.liveMedia.finishRecording('host.example-stream-7');
    expect(done).not.toBeNull();
    expect(done!.path).toBe(path.join(j.recordingsDir, 'host.example-stream-7.mp4'));
    expect(done!.bytes).toBe(fs.statSync(done!.path).size);
    expect(done!.durationSeconds).toBeGreaterThan(1.5);
    const info = await probeVideo(done!.path);
    expect(info).toMatchObject({ videoCodec: 'h264', width: 640, height: 360, hasAudio: true, audioCodec: 'aac' });
    // It decodes from start to end.
    const decode = await runFfmpeg(['-v', 'error', '-i', done!.path, '-f', 'null', '-'], { timeoutMs: 60_000 });
    expect(decode.code).toBe(0);
  });

  it('a Janus that dies shows live as unavailable with the reason, and is started again', async () => {
    const pid = janusPid(j);
    expect(pid).toBeGreaterThan(0);
    process.kill(pid!, 'SIGKILL');
    await expect.poll(() => j.liveMedia.status().available, { timeout: 5_000, interval: 20 }).toBe(false);
    expect(j.liveMedia.status()).toMatchObject({ reason: expect.stringMatching(/Janus media server stopped/) });
    await expect.poll(() => j.liveMedia.status().available, { timeout: 10_000 }).toBe(true);
    expect(janusPid(j)).not.toBe(pid);
    // Rooms work again on the new Janus.
    const room = await j.liveMedia.createRoom({ description: 'After restart', record: false, recordingName: 'host-3' });
    await j.liveMedia.destroyRoom(room);
  });

  it('a Node process killed with SIGKILL leaves no Janus behind (the watchdog kills it)', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const script = path.join(j.dir, 'child.mts');
    fs.writeFileSync(script, `import { startTestJanus } from ${JSON.stringify(pathToFileURL(path.join(root, 'tests/support/janus.ts')).href)};
const child = await startTestJanus();
console.log('DIR ' + child.dir);
setInterval(() => {}, 1000);
`);
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    const dir = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d) => {
        out += d;
        const m = /DIR (\S+)/.exec(out);
        if (m) resolve(m[1]);
      });
      child.on('exit', () => reject(new Error(`the child exited: ${out}`)));
    });
    const running = () => janusPid({ dir } as TestJanus);
    expect(running()).toBeGreaterThan(0);
    child.kill('SIGKILL');
    await expect.poll(running, { timeout: 5_000, interval: 50 }).toBeNull();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('close() stops Janus: the process is gone and its port is free', async () => {
    const other = await startTestJanus();
    const pid = janusPid(other);
    expect(pid).toBeGreaterThan(0);
    await other.stop();
    expect(janusPid(other)).toBeNull();
    expect(other.liveMedia.status()).toMatchObject({ available: false });
    await expect(other.liveMedia.createRoom({ description: 'x', record: false, recordingName: 'x' })).rejects.toThrow(/closed/);
    await expect(JanusTestClient.connect(other.url)).rejects.toThrow();
  });
});
