// The API's browsable page (/api/docs, swagger-ui) works in a real browser under the site's own CSP: the
// operations of the route table render from /api/openapi.json's twin (/api/docs/json) and nothing is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';
import { DESKTOP, launchChromium, requireChromium } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('API docs page in the browser (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    t = await startTestServer('pglite');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('renders the document, an operation with its roles, and no script error or CSP refusal', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content Security Policy|Refused to/i.test(m.text())) problems.push(`console: ${m.text()}`);
    });
    const answer = await page.goto(`${t.base}/api/docs/`);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
    // swagger-ui renders the sections as they scroll into view: the first ones show the document loaded.
    await page.locator('.opblock-tag', { hasText: 'API description' }).first().waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-path="/api/openapi.json"]').count()).toBeGreaterThan(0);
    // (The page renders its sections as they scroll into view, so the operation opened is one in the first section.)
    await page.locator('.opblock-summary', { hasText: '/api/openapi.json' }).first().click();
    await page.getByText('Who may call:', { exact: false }).first().waitFor({ timeout: 10_000 });
    expect(problems).toEqual([]);
    await page.close();
  });
});
