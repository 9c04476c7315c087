// A fan's wallet funded the way a fan funds it: a crypto payment id, the payment started, the sandbox provider
// marks it paid, and the fan site's status poll credits it.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestServer } from './server';

export async function topUpWallet(t: TestServer, token: string, dollars: number): Promise<string> {
  const call = (url: string, body: unknown) => t.call('POST', url, body, { token });
  const gen = await call('/api/crypto/generate-payment-id', { currency: 'BTC', amount: dollars });
  const started = await call('/api/crypto/add-fund-and-payment', { currency: 'BTC', transaction_type: 'add_fund', amount: dollars, payment_for: 'wallet', payment_id: gen.body.data.payment_id });
  const paymentId = started.body.data?.payment_id as string | undefined;
  if (!paymentId) throw new Error(`top-up of $${dollars} did not start: ${JSON.stringify(started.body)}`);
  await (t.server.services.cryptoProviders.sandbox).mark(paymentId, 'paid');
  const status = await call('/api/crypto/get-transaction-status', { payment_id: paymentId });
  if (!status.body.data?.is_payment_confirmed) throw new Error(`top-up ${paymentId} was not credited: ${JSON.stringify(status.body)}`);
  return paymentId;
}

/**
 * In the fan site's open Add Funds dialog: Continue → BTC → Start Crypto Payment; the admin (`admin`, a token) marks
 * the payment paid, as the console's sandbox control does. Returns the payment id.
 */
export async function payAddFundsInDialog(p: Page, t: TestServer, admin: string): Promise<string> {
  const dialog = p.getByTestId('add-funds-dialog');
  await dialog.getByTestId('add-funds-continue').click();
  await p.getByTestId('crypto-currency-select').click();
  await p.getByTestId('crypto-currency-BTC').click();
  await expect.poll(() => dialog.getByTestId('crypto-send-amount').textContent(), { timeout: 15_000 }).toMatch(/BTC$/);
  await dialog.getByTestId('start-crypto-payment').click();
  const panel = dialog.getByTestId('crypto-payment-panel');
  await panel.waitFor({ timeout: 15_000 });
  const id = (await panel.getAttribute('data-payment-id'))!;
  expect((await t.call('POST', `/admin-api/crypto-payments/${id}/mark`, { status: 'paid' }, { token: admin })).status).toBe(200);
  return id;
}
