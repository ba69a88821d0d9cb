import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';

// e2e/support/axe.ts runs axe-core in the page itself rather than through AxeBuilder (a second a run
// less). Every accessibility check in the suite rests on it, so here it must find what axe finds: a
// helper that found nothing would pass every one of them.

const PAGE = `<!doctype html><html lang="en"><head><title>axe helper</title></head><body>
  <main>
    <h1>Checks</h1>
    <section id="buttons"><button id="nameless"></button></section>
    <section id="text"><p style="color:#bbb;background:#fff">Low contrast text</p></section>
  </main>
</body></html>`;

const ids = (lines: string[]) => lines.map((line) => line.split(':')[0]).sort();

test('finds the serious violations AxeBuilder finds, in the part asked for, and none once they are fixed', async ({ page }) => {
  await page.setContent(PAGE);
  const builder = (await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id)
    .sort();
  expect(builder).toEqual(['button-name', 'color-contrast']);

  expect(ids(await seriousViolations(page))).toEqual(builder);
  expect(await seriousViolations(page, { include: '#buttons' })).toEqual(['button-name: #nameless']);

  // The same document again, axe already in it: what changed is seen, nothing is remembered.
  await page.evaluate(`document.querySelector('#nameless').setAttribute('aria-label', 'Save')`);
  await page.evaluate(`document.querySelector('#text p').setAttribute('style', 'color:#222;background:#fff')`);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a page with a frame goes through AxeBuilder, which looks inside the frame', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>framed</title></head><body><main><h1>Outer</h1>
    <iframe title="inner" srcdoc="<!doctype html><html lang='en'><head><title>inner</title></head><body><main><button id='inner-nameless'></button></main></body></html>"></iframe>
  </main></body></html>`);
  await expect.poll(() => page.frames().length).toBe(2);
  await expect(page.frames()[1]?.locator('#inner-nameless') ?? page.locator('#none')).toBeAttached();
  expect(ids(await seriousViolations(page))).toEqual(['button-name']);
});
