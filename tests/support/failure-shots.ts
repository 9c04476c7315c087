// When a test fails, every page still open in this process's browsers is shot to tests/artifacts/failures/ and its
// address and the start of its text go to the log: a browser test that fails on a loaded CI machine then says what
// the page showed, not only which element did not appear.
import { afterEach } from 'vitest';
import { artifactPath, openBrowsers } from './browser';

const TEXT_SHOWN = 800;

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail' || openBrowsers.size === 0) return;
  const name = ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  let n = 0;
  for (const browser of openBrowsers) {
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        n += 1;
        const file = artifactPath(`failures/${name}-${n}.png`);
        await page.screenshot({ path: file, timeout: 5_000 }).catch(() => {});
        const text = await page.locator('body').innerText({ timeout: 2_000 }).catch(() => '(no text)');
        console.log(`failed test "${ctx.task.name}": page ${n} at ${page.url()} (${file}):\n${text.slice(0, TEXT_SHOWN)}`);
      }
    }
  }
}, 30_000);
