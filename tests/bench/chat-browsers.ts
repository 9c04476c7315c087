// `npm run bench -- chat-browsers [--baseline <dir>] [--after <dir>] [--quick]`: a chat message from one browser to the other, as a
// person sees it. Two Chromium contexts: a fan with /private-chat open on the fan site, the admin with that fan's
// conversation open in the console. For each message: the sender's click on Send (timed in its page) → the bubble
// drawn in the other browser (a MutationObserver in that page notes the time it first appears), both ways, plus how
// many conversation reads (get_messages, get_messages_admin, get_chat_message) the receiving page made per message.
// Fanclub runs as its own process, from this tree and, with --baseline, from another checkout of the project (e.g.
// `git archive <commit> | tar -x -C /tmp/before`, node_modules linked, apps built) in the same run, one after the
// other on the same Chromium; `--after <dir>` measures another checkout instead of this tree (both built). Prints
// figures; asserts nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { TEST_CARD_FORM } from '../support/server';
import { DESKTOP, launchChromium, SIGNED_IN_HINT } from '../support/browser';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Fanclub from `root` (its own api/main.ts serving its own built apps), on a fresh PGlite data folder. */
async function startFanclub(root: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
    cwd: root,
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', FANCLUB_DEMO: 'false', FANCLUB_ADMIN_PASSWORD: 'admin-password-123', FANCLUB_LIVE: 'off',
      FANCLUB_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-bench-chat-')),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not start: ${output}`)), 180_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes('Fanclub is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited (${code}): ${output}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

const json = async (base: string, method: string, url: string, body?: unknown, token?: string) => {
  const res = await fetch(base + url, { method, headers: { ...(token ? { authorization: token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return (await res.json()) as any;
};

/** Notes, in the page, when each bench token first shows inside a chat bubble (Date.now(), the machine's clock). */
async function watchBubbles(page: Page) {
  // A script string: tsx's helpers (__name) do not exist in the page.
  await page.evaluate(`(() => {
    window.__seenAt = {};
    const scan = () => {
      const now = Date.now();
      for (const el of document.querySelectorAll('[data-testid="chat-message"]')) {
        for (const token of (el.textContent || '').match(/bench-[a-z0-9]+-\\d+-end/g) || []) if (!(token in window.__seenAt)) window.__seenAt[token] = now;
      }
    };
    new MutationObserver(scan).observe(document.body, { childList: true, subtree: true, characterData: true });
    scan();
  })()`);
}

/** Conversation reads a page makes, counted from now on. */
function countReads(page: Page) {
  const counter = { n: 0 };
  page.on('request', (r) => {
    if (/\/api\/chat\/(get_messages|get_messages_admin|get_chat_message)\b/.test(r.url())) counter.n++;
  });
  return counter;
}

/** Types `text` into the sender's input and clicks Send in the page (the time of the click, taken there). */
async function send(page: Page, text: string): Promise<number> {
  await page.getByTestId('chat-input').fill(text);
  return page.evaluate(`(() => {
    const t = Date.now();
    document.querySelector('[data-testid="chat-send"]').click();
    return t;
  })()`) as Promise<number>;
}

async function seenAt(page: Page, token: string): Promise<number> {
  // A function, not a string (the sites' CSP has no unsafe-eval), with nothing named inside (tsx would wrap it).
  const handle = await page.waitForFunction((t: string) => (window as unknown as { __seenAt: Record<string, number> }).__seenAt[t], token, { timeout: 30_000, polling: 20 });
  return (await handle.jsonValue()) as number;
}

interface Direction { ms: number[]; reads: number }

/** One site with both browsers on its chat, ready to time messages; `close` stops it. */
async function openSite(browser: Browser, root: string) {
  const { child, base } = await startFanclub(root);
  const admin = (await json(base, 'POST', '/api/users/login', { email: 'admin@fanclub.local', password: 'admin-password-123' })).data.token as string;
  const email = `bench.chat.${randomBytes(3).toString('hex')}@example.com`;
  const reg = await json(base, 'POST', '/api/users/register', { name: 'Bench Fan', email, password: 'fan password 1' });
  const fan = { id: reg.data.userId as string, token: reg.data.token as string };
  const sub = await json(base, 'POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, email, cardNumber: SANDBOX_TEST_CARDS.approve }, fan.token);
  if (!sub.data?.accepted) throw new Error(`subscription failed: ${JSON.stringify(sub)}`);
  await json(base, 'POST', '/api/chat/send_message', { receiver: fan.id, message: 'Welcome to the bench' }, admin);

  const fanContext = await browser.newContext({ viewport: DESKTOP });
  await fanContext.addCookies([{ name: 'fanclub_session', value: fan.token, url: base, httpOnly: true, sameSite: 'Strict' }]);
  await fanContext.addInitScript((hint) => {
    localStorage.setItem('fanclub.ageConfirmed', '1');
    localStorage.setItem(hint, '1');
  }, SIGNED_IN_HINT);
  const fanPage = await fanContext.newPage();
  const consoleContext = await browser.newContext({ viewport: DESKTOP });
  const consolePage = await consoleContext.newPage();
  await consolePage.goto(base + '/admin/login');
  await consolePage.getByLabel('Email').fill('admin@fanclub.local');
  await consolePage.getByRole('textbox', { name: 'Password' }).fill('admin-password-123');
  await consolePage.getByRole('button', { name: 'Sign in' }).click();
  await consolePage.waitForURL((u) => !u.pathname.endsWith('/login'), { timeout: 30_000 });
  await consolePage.goto(`${base}/admin/private-chat/${fan.id}`);
  await consolePage.locator('[data-testid="chat-message"]', { hasText: 'Welcome to the bench' }).waitFor({ timeout: 30_000 });
  await fanPage.goto(`${base}/private-chat`);
  await fanPage.locator('[data-testid="chat-message"]', { hasText: 'Welcome to the bench' }).waitFor({ timeout: 30_000 });
  await watchBubbles(fanPage);
  await watchBubbles(consolePage);
  const reads = { fan: countReads(fanPage), console: countReads(consolePage) };

  const run = randomBytes(3).toString('hex');
  const figures = { staffToFan: { ms: [] as number[], reads: 0 }, fanToStaff: { ms: [] as number[], reads: 0 } };
  /** One message; timed into `into` unless it is a warm-up. */
  const one = async (direction: 'staffToFan' | 'fanToStaff', i: number, timed: boolean) => {
    const [from, to, counter] = direction === 'staffToFan' ? [consolePage, fanPage, reads.fan] : [fanPage, consolePage, reads.console];
    // Closed by -end: the bubble's time line follows the text without a space ("… 1 s ago").
    const token = `bench-${run}-${i}-end`;
    const before = counter.n;
    const t0 = await send(from, `Message ${token}`);
    const t1 = await seenAt(to, token).catch(async (e) => {
      const texts = async (p: Page) => (await p.locator('[data-testid="chat-message"]').allInnerTexts()).slice(-3).join(' | ');
      throw new Error(`${token} not shown: sender shows ${await texts(from)}; receiver shows ${await texts(to)} (${(e as Error).message})`);
    });
    // Let the read receipt and whatever else the message sets off settle before the next one.
    await new Promise((r) => setTimeout(r, 300));
    if (!timed) return;
    figures[direction].ms.push(t1 - t0);
    figures[direction].reads += counter.n - before;
  };
  return {
    one,
    figures: () => {
      const d = (x: Direction): Direction => ({ ms: [...x.ms].sort((a, b) => a - b), reads: x.reads / Math.max(1, x.ms.length) });
      return { staffToFan: d(figures.staffToFan), fanToStaff: d(figures.fanToStaff) };
    },
    async close() {
      await fanContext.close();
      await consoleContext.close();
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 1500));
    },
  };
}

const line = (label: string, d: Direction) => {
  const mean = d.ms.reduce((a, b) => a + b, 0) / d.ms.length;
  console.log(`  ${label.padEnd(44)} p50 ${String(pct(d.ms, 50)).padStart(4)} ms   p90 ${String(pct(d.ms, 90)).padStart(4)} ms   max ${String(d.ms.at(-1)).padStart(4)} ms   mean ${mean.toFixed(0).padStart(4)} ms   conversation reads/message ${d.reads.toFixed(2)}`);
};

export async function benchChatBrowsers(opts: { messages: number; baseline: string | null; after?: string | null }) {
  console.log(`\n== chat in two browsers: Send clicked → bubble drawn in the other browser (${opts.messages} messages each way, one at a time; PGlite; with a baseline the two sites take turns, message by message, so both see the same load) ==`);
  execSync('node infra/cli/ensure-built.mjs', { cwd: here, stdio: 'inherit' });
  const browser = await launchChromium();
  const targets = [
    ...(opts.baseline ? [{ label: `baseline (${opts.baseline})`, root: path.resolve(opts.baseline) }] : []),
    opts.after ? { label: `after (${opts.after})`, root: path.resolve(opts.after) } : { label: 'this tree', root: here },
  ];
  const sites: Array<Awaited<ReturnType<typeof openSite>>> = [];
  try {
    for (const target of targets) sites.push(await openSite(browser, target.root));
    // Warm-up, untimed: one each way on each site.
    for (const site of sites) {
      await site.one('staffToFan', 0, false);
      await site.one('fanToStaff', 1, false);
    }
    for (let i = 0; i < opts.messages; i++) {
      for (const site of sites) await site.one('staffToFan', 100 + i, true);
      for (const site of sites) await site.one('fanToStaff', 200 + i, true);
    }
    targets.forEach((target, k) => {
      const f = sites[k].figures();
      console.log(target.label);
      line('console → fan site (staff message)', f.staffToFan);
      line('fan site → console (fan message)', f.fanToStaff);
    });
  } finally {
    for (const site of sites) await site.close();
    await browser.close();
  }
}
