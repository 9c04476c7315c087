// Debian Chromium driven by playwright-core (no browser download is possible here). Outside CI a machine
// without Chromium skips the browser suites; with CI=true that is a failure.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtAppsDir } from './apps';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ARTIFACTS = path.join(ROOT, 'tests/artifacts');

export function requireChromium(): boolean {
  if (fs.existsSync(CHROMIUM)) return true;
  if (process.env.CI === 'true') throw new Error(`Chromium is not installed at ${CHROMIUM}; CI=true: browser suites must run (apt-get install chromium).`);
  console.warn(`Chromium not found at ${CHROMIUM}: skipping the browser suites.`);
  return false;
}

/**
 * Headless Chromium. Its pages start with the fan site's own popups (the push prompt, the install-as-app popup at
 * its visit counts, the notification help popup) already answered "later", since a modal over the page swallows a
 * suite's clicks; `pwaPopups: true` leaves them to appear as for a real visitor (the PWA suite).
 */
export async function launchChromium(options: { pwaPopups?: boolean } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  openBrowsers.add(browser);
  browser.on('disconnected', () => openBrowsers.delete(browser));
  if (options.pwaPopups) return browser;
  const quiet = async (context: BrowserContext) => {
    await context.addInitScript(() => {
      try {
        if (!localStorage.getItem('fanclub.pushPromptLater')) localStorage.setItem('fanclub.pushPromptLater', String(Date.now()));
        if (!localStorage.getItem('fanclub.installCounter')) localStorage.setItem('fanclub.installCounter', 'never');
        if (!localStorage.getItem('fanclub.pushHelpClosed')) localStorage.setItem('fanclub.pushHelpClosed', '1');
      } catch {
        /* an opaque origin (about:blank) has no storage */
      }
    });
    return context;
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => quiet(await newContext(...args));
  // browser.newPage makes its own context: the same, through newContext.
  browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
    const context = await browser.newContext(...args);
    const page = await context.newPage();
    page.once('close', () => void context.close().catch(() => {}));
    return page;
  };
  return browser;
}

/** The browsers this process launched and has not closed: a failed test's pages are shot from them (./failure-shots.ts). */
export const openBrowsers = new Set<Browser>();

/** Checks that the run's global setup built the two apps (./apps.ts); a test file never builds them itself. */
export function ensureAppsBuilt() {
  builtAppsDir();
}

export function artifactPath(name: string) {
  const file = path.join(ARTIFACTS, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return file;
}

/** The fan site's non-secret "signed in" hint in localStorage (the session itself is an httpOnly cookie). */
export const SIGNED_IN_HINT = 'fanclub.signedIn';

/**
 * Signs a browser context in on the fan site with a session token the way a login in the page does: the
 * server's httpOnly session cookie (page script never holds the token). The fan site also needs its hint
 * (localStorage SIGNED_IN_HINT = '1'), which the test's init script sets.
 */
export async function signInContext(context: BrowserContext, base: string, token: string) {
  await context.addCookies([{ name: 'fanclub_session', value: token, url: base, httpOnly: true, sameSite: 'Strict' }]);
}

/** Signs a page in to the console through its login form and waits until it has left the login page. */
export async function signInConsole(page: Page, base: string, email: string, password: string) {
  await page.goto(base + '/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));
}

/**
 * A desktop console session of its own, signed in as the test server's admin (or `as`); its page errors go to
 * `errors` as 'console: …'. The caller closes the context.
 */
export async function openConsole(
  browser: Browser,
  t: { base: string; adminEmail: string; adminPassword: string },
  errors: string[],
  as: { email: string; password: string } = { email: t.adminEmail, password: t.adminPassword },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`console: ${e.message}`));
  await signInConsole(page, t.base, as.email, as.password);
  return { context, page };
}

/**
 * A fan-site page in a context of its own: notifications already allowed (so the push prompt stays out of the
 * screens), past the age gate, and signed in with `token` (null: a guest; `cookie`: the session cookie's name when it
 * is not the fan's, e.g. a proxy view's). `init` runs in every page before the app (e.g. to set a popup's counter).
 * Its page errors and CSP violations go to `collect`. The caller closes the context.
 */
export async function openFanPage(
  browser: Browser,
  base: string,
  token: string | null,
  collect: { errors: string[]; csp: string[] },
  opts: { viewport?: { width: number; height: number }; headers?: Record<string, string>; cookie?: string; init?: () => void } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: opts.viewport ?? DESKTOP, extraHTTPHeaders: opts.headers });
  await context.grantPermissions(['notifications'], { origin: base });
  await context.addInitScript(([hint, signed]) => {
    localStorage.setItem('fanclub.ageConfirmed', '1');
    if (signed) localStorage.setItem(hint, '1');
  }, [SIGNED_IN_HINT, token ? '1' : ''] as const);
  if (opts.init) await context.addInitScript(opts.init);
  if (token) {
    if (opts.cookie) await context.addCookies([{ name: opts.cookie, value: token, url: base, httpOnly: true, sameSite: 'Strict' }]);
    else await signInContext(context, base, token);
  }
  const page = await context.newPage();
  page.on('pageerror', (e) => collect.errors.push(e.message));
  collectCspViolations(page, collect.csp);
  return { context, page };
}

/** Content-Security-Policy violations a page reports (collect them, then expect none). */
export function collectCspViolations(page: Page, into: string[]) {
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) into.push(`${new URL(page.url()).pathname}: ${m.text()}`);
  });
}

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1440, height: 900 };

/**
 * Resolves once the page is still: no finite CSS animation or transition running (an endless one, such as a
 * spinner, never ends and is not waited for) and two frames painted since. It does not wait for something that
 * may yet appear: a check that nothing shows keeps its own window. Waiting for that instead of a fixed
 * time takes a frame or two on a page at rest, and as long as a drawer's slide on one that moves.
 */
export async function settled(page: Page, timeoutMs = 3_000) {
  const frames = (n: number) => page.evaluate((count) => new Promise<void>((done) => {
    const next = (left: number) => (left === 0 ? done() : requestAnimationFrame(() => next(left - 1)));
    next(count);
  }), n);
  // Two frames first: a resize or a click starts its transition on the next render.
  await frames(2);
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { polling: 'raf', timeout: timeoutMs },
    )
    // A screenshot is a picture for people, not an assertion: one of a page still moving after 3 s is taken as it is.
    .catch(() => {});
  await frames(2);
}

/** Saves the current page at desktop and phone width as tests/artifacts/<name>-1440.png / -375.png. */
export async function shootBothWidths(page: Page, name: string) {
  for (const [label, size] of [['1440', DESKTOP], ['375', PHONE]] as const) {
    await page.setViewportSize(size);
    await settled(page);
    await page.screenshot({ path: artifactPath(`${name}-${label}.png`) });
  }
  await page.setViewportSize(DESKTOP);
}

/**
 * Fills the fan site's 'Add Card Details' dialog with a sandbox card number and whichever billing fields the form
 * asks for (the site's card provider and its billing-address switch decide them; a US address where asked).
 */
export async function fillCardDialog(dialog: Locator, number: string, who: { firstName: string; lastName: string; email: string }) {
  const shown = async (label: string) => (await dialog.getByLabel(label, { exact: true }).count()) > 0;
  await dialog.getByLabel('First name').fill(who.firstName);
  await dialog.getByLabel('Last name').fill(who.lastName);
  if (await shown('Email')) await dialog.getByLabel('Email', { exact: true }).fill(who.email);
  if (await shown('Address')) await dialog.getByLabel('Address', { exact: true }).fill('1 Test Street');
  await dialog.getByLabel('Country').selectOption('US');
  if (await shown('State/Province')) {
    const state = dialog.getByLabel('State/Province');
    if ((await state.evaluate((el) => el.tagName)) === 'SELECT') await state.selectOption({ index: 1 });
    else await state.fill('NY');
  }
  if (await shown('City')) await dialog.getByLabel('City', { exact: true }).fill('New York');
  if (await shown('Postal code')) await dialog.getByLabel('Postal code').fill('10001');
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Month').selectOption('12');
  await dialog.getByLabel('Year').selectOption(String(new Date().getFullYear() + 2));
  await dialog.getByLabel('CVV').fill('123');
}
