import type { Page } from 'playwright-core';

/** Unfolds the console menu's Advanced group (folded by default) unless it is open already. */
export async function openAdvanced(page: Page) {
  const header = page.getByTestId('menu-group-advanced');
  await header.waitFor({ timeout: 15_000 });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await page.getByTestId('menu-group-advanced-items').locator('a').first().waitFor({ state: 'visible', timeout: 10_000 });
}
