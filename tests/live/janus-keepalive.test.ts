// The tests' Janus client keeps its session alive: Janus drops a session that sends nothing for
// `session_timeout` (60 s in production), so a live test longer than a minute lost its publisher or viewers. Here a
// Janus with a 3 s timeout: a client with keepalives keeps its session well past it, one without loses it, and
// the keepalives stop when the client closes (no timer left behind).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JANUS_KEEPALIVE_MS, JanusTestClient, requireJanus, startTestJanus, type TestJanus } from '../support/janus';

const HAS_JANUS = requireJanus();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!HAS_JANUS)('the tests\' Janus client sends keepalives', () => {
  let j: TestJanus;
  beforeAll(async () => {
    j = await startTestJanus({ sessionTimeoutSeconds: 3 });
  });
  afterAll(async () => {
    await j?.stop();
  });

  it('by default well inside Janus\' 60 s session timeout', () => {
    expect(JANUS_KEEPALIVE_MS).toBeLessThanOrEqual(30_000);
  });

  it('a session with keepalives outlives the timeout, one without is dropped; closing stops them', async () => {
    const secret = { apisecret: j.apiSecret };
    const alive = await JanusTestClient.connect(j.url, {}, { keepaliveMs: 1_000 });
    const silent = await JanusTestClient.connect(j.url, {}, { keepaliveMs: 0 });
    try {
      const a = await alive.attach(secret);
      const s = await silent.attach(secret);
      await sleep(8_000); // 3 s timeout + Janus' watchdog pass (every 2 s) + margin
      expect(alive.keepalivesSent).toBeGreaterThanOrEqual(5);
      expect(silent.keepalivesSent).toBe(0);
      const stillThere = await alive.request({ janus: 'attach', session_id: a.session, plugin: 'janus.plugin.videoroom', ...secret });
      expect(stillThere.janus, JSON.stringify(stillThere)).toBe('success');
      expect(silent.events.some((e) => e.janus === 'timeout' && e.session_id === s.session)).toBe(true);
      const gone = await silent.request({ janus: 'attach', session_id: s.session, plugin: 'janus.plugin.videoroom', ...secret });
      expect([gone.janus, gone.error?.code]).toEqual(['error', 458]); // No such session
      alive.close();
      await alive.waitClosed();
      const sent = alive.keepalivesSent;
      await sleep(2_500);
      expect(alive.keepalivesSent).toBe(sent);
    } finally {
      alive.close();
      silent.close();
    }
  }, 30_000);
});
