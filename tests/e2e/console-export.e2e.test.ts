// The console's Export button downloads the server's CSV (GET /admin-api/<resource>/export) with the console's
// cookie session, for the list's filters; the export is on the Audit page.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { DESKTOP, ensureAppsBuilt, launchChromium, requireChromium, signInConsole } from '../support/browser';

const hasChromium = requireChromium();

describe.skipIf(!hasChromium)('console CSV export in the browser (Chromium)', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let admin: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureAppsBuilt();
    t = await startTestServer('pglite', {}, { serveApps: true });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    for (const email of ['export.one@example.com', 'export.two@example.com']) {
      const fan = (await t.call('POST', '/api/users/register', { name: 'Export Fan', email, password: 'export fan password' })).body.data.token;
      expect((await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token: fan })).status).toBe(200);
    }
    await t.server.services.runner.waitFor((await t.server.services.store.headPosition())!, 30_000);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    page.on('pageerror', (e) => pageErrors.push(e.message));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('Export on the transactions list downloads the filtered rows from the server, and the export is audited', async () => {
    await signInConsole(page, t.base, t.adminEmail, t.adminPassword);
    // The list filtered to one fan (the search box is the `q` filter).
    await page.goto(`${t.base}/admin/transactions?filter=${encodeURIComponent(JSON.stringify({ q: 'export.one' }))}`);
    await expect.poll(() => page.getByText('export.one@example.com').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByText('export.two@example.com').count()).toBe(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('transactions-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^fanclub-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs.readFileSync((await download.path())!, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('id,date,user_email,type,amount,currency,method,card,status,failure_code,reference_id,gateway_transaction_id');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"export.one@example.com","subscription"');

    const audit = await t.call('GET', '/admin-api/audit?filter={"action":"DataExported"}&range=[0,0]', undefined, { token: admin });
    expect(audit.body[0]).toMatchObject({ action: 'DataExported', actor_email: t.adminEmail, data: { resource: 'transactions', filter: { q: 'export.one' }, rows: 1 } });
    expect(pageErrors).toEqual([]);
  });
});
