// What the live-streaming browser suites (tests/e2e/live*.e2e.test.ts) set up alike: a real Janus and a server that
// uses it, Chromium with fake cameras and microphones, a model account, and subscribed fans signed in on the fan
// site in contexts whose peer connections the test can read (getStats, senders).
import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type TestServer } from './server';
import { CHROMIUM, DESKTOP, ensureAppsBuilt, signInContext } from './browser';
import { startTestJanus, type TestJanus } from './janus';

/** Init script: collects every RTCPeerConnection a page makes, so the test can read getStats and the senders (no hook in the app). */
export const COLLECT_PEERS = () => {
  const w = window as unknown as { __pcs: RTCPeerConnection[]; RTCPeerConnection: typeof RTCPeerConnection };
  w.__pcs = [];
  const Original = w.RTCPeerConnection;
  w.RTCPeerConnection = class extends Original {
    constructor(config?: RTCConfiguration) {
      super(config);
      w.__pcs.push(this);
    }
  } as typeof RTCPeerConnection;
};

/** Frames decoded so far by the page's open receiving peer connections, and the live video's size. */
export const decodedVideo = (p: Page) =>
  p.evaluate(async () => {
    let frames = 0;
    for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') frames += s.framesDecoded ?? 0;
      });
    }
    const v = document.querySelector<HTMLVideoElement>('[data-testid="live-video"]');
    return { frames, width: v?.videoWidth ?? 0, height: v?.videoHeight ?? 0 };
  });

/** A Janus of the suite's own, a server (PGlite, the built apps) that streams through it, and the admin's token. */
export async function startLiveServer(): Promise<{ janus: TestJanus; t: TestServer; admin: string }> {
  ensureAppsBuilt();
  const janus = await startTestJanus();
  const t = await startTestServer('pglite', {}, { serveApps: true, liveMedia: janus.liveMedia });
  const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token as string;
  return { janus, t, admin };
}

/** Closes what a live suite opened, in order (any of them is missing when the setup failed before it). */
export async function closeLive(browser: Browser | undefined, t: TestServer | undefined, janus: TestJanus | undefined) {
  await browser?.close();
  await t?.close();
  await janus?.stop();
}

/** Creates a model account; returns its generated password. */
export async function createModel(t: TestServer, admin: string, name: string, email: string): Promise<string> {
  const created = await t.call('POST', '/admin-api/users', { name, email, role: 'model' }, { token: admin });
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  return created.body.generated_password as string;
}

/** Headless Chromium whose camera and microphone are fake (`devices` of each) and granted, and whose videos autoplay. */
export function launchFakeMediaChromium(devices = 1): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--disable-dev-shm-usage', devices === 1 ? '--use-fake-device-for-media-stream' : `--use-fake-device-for-media-stream=device-count=${devices}`,
      '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

/** Page errors go to `errors` as '<who>: …'; console errors are printed. */
export function watchPage(p: Page, who: string, errors: string[]) {
  p.on('pageerror', (e) => errors.push(`${who}: ${e.message}`));
  p.on('console', (m) => m.type() === 'error' && console.log(`[${who}] ${m.text()}`));
}

/** The model's desktop page, in a context of its own that collects its peer connections when asked; errors as 'model: …'. */
export async function openModelPage(browser: Browser, errors: string[], options: { collectPeers?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  if (options.collectPeers) await context.addInitScript(COLLECT_PEERS);
  const page = await context.newPage();
  watchPage(page, 'model', errors);
  return page;
}

export interface LiveFan {
  id: string;
  token: string;
  page: Page;
  context: BrowserContext;
}

/**
 * A fan who registers, subscribes with the approving sandbox card (unless `subscribed: false`) and gets a desktop
 * page signed in on the fan site, past the age gate and the fan site's popups, that collects its peer connections;
 * its errors go to `errors` as '<key>: …'.
 */
export async function openLiveFan(
  browser: Browser,
  t: TestServer,
  fan: { key: string; name: string; email: string; password: string; subscribed?: boolean },
  errors: string[],
): Promise<LiveFan> {
  const r = await t.call('POST', '/api/users/register', { name: fan.name, email: fan.email, password: fan.password });
  const token = r.body.data.token as string;
  if (fan.subscribed !== false) {
    const sub = await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, email: fan.email, cardNumber: SANDBOX_TEST_CARDS.approve }, { token });
    expect(sub.body.data.accepted).toBe(true);
  }
  const context = await browser.newContext({ viewport: DESKTOP });
  await signInContext(context, t.base, token);
  await context.addInitScript(() => {
    localStorage.setItem('fanclub.ageConfirmed', '1');
    localStorage.setItem('fanclub.signedIn', '1');
    // The web-push prompt, install popup and notification help are not what these tests look at.
    localStorage.setItem('fanclub.pushPromptLater', String(Date.now()));
    localStorage.setItem('fanclub.installCounter', 'never');
    localStorage.setItem('fanclub.pushHelpClosed', '1');
  });
  await context.addInitScript(COLLECT_PEERS);
  const page = await context.newPage();
  watchPage(page, fan.key, errors);
  return { id: r.body.data.userId as string, token, page, context };
}

/**
 * A fake-camera Chromium in a process group of its own, so a test can do to it what happens to a real browser:
 * `kill()` (SIGKILL the whole group: the process dies, its sockets close) or `freeze()` (SIGSTOP: the sockets stay
 * open and nothing answers, as when the network is gone).
 */
export async function launchKillableChromium(devices = 1): Promise<{ browser: Browser; pid: number; kill(): void; freeze(): void }> {
  const server = await chromium.launchServer({
    executablePath: CHROMIUM,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--disable-dev-shm-usage', devices === 1 ? '--use-fake-device-for-media-stream' : `--use-fake-device-for-media-stream=device-count=${devices}`,
      '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required',
    ],
  });
  const pid = server.process().pid!;
  const browser = await chromium.connect(server.wsEndpoint());
  const signal = (sig: NodeJS.Signals) => {
    try {
      // Playwright starts the browser as the leader of its own process group: every Chromium process gets it.
      process.kill(-pid, sig);
    } catch {
      /* already gone */
    }
  };
  return { browser, pid, kill: () => signal('SIGKILL'), freeze: () => signal('SIGSTOP') };
}

/**
 * A fan page in a browser of its own (`launchKillableChromium`): signed in on the fan site past the popups, collecting
 * its peer connections.
 */
export async function openFanInOwnBrowser(browser: Browser, t: TestServer, fan: { key: string; token: string }, errors: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  await signInContext(context, t.base, fan.token);
  await context.addInitScript(() => {
    localStorage.setItem('fanclub.ageConfirmed', '1');
    localStorage.setItem('fanclub.signedIn', '1');
    localStorage.setItem('fanclub.pushPromptLater', String(Date.now()));
    localStorage.setItem('fanclub.installCounter', 'never');
    localStorage.setItem('fanclub.pushHelpClosed', '1');
  });
  await context.addInitScript(COLLECT_PEERS);
  const page = await context.newPage();
  watchPage(page, fan.key, errors);
  return page;
}
