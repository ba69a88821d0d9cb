import type { Locator, Page } from '@playwright/test';

export { field, orderAmount, orderStatus } from '../../src/testing/console-pages.ts';

// Small helpers for the suite. field, orderStatus and orderAmount live in the QA kit
// (src/testing/console-pages.ts) and are passed on from here for the older specs.

/** The DOM as far as these helpers touch it (the e2e project is typed without the DOM library). */
interface FocusableElement {
  ownerDocument: { activeElement: unknown };
}

/** An element whose animations can be waited for (Web Animations; CSS transitions are among them). */
interface AnimatedElement {
  getAnimations: (options: { subtree: boolean }) => { finished: Promise<unknown>; effect: { getComputedTiming: () => { endTime: number } } | null }[];
}

/**
 * Waits until `target` and what it holds have finished their animations (a dialog's opening
 * transition). A click while a dialog still moves can press on one element and release on another:
 * the browser then clicks neither (seen once in CI on a busy machine, the confirm button focused
 * and nothing sent). Endless animations (a spinner) are not waited for.
 */
export async function settled(target: Locator): Promise<void> {
  await target.evaluate((element: AnimatedElement) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY))
        .map((animation) => animation.finished),
    ),
  );
}

export function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element: FocusableElement) => element.ownerDocument.activeElement === element);
}

/** Presses Tab until `target` has the focus, as a keyboard user would. */
export async function tabTo(page: Page, target: Locator, maxPresses = 150): Promise<void> {
  for (let presses = 0; presses <= maxPresses; presses += 1) {
    if (await hasFocus(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${target.toString()} was not reached after ${maxPresses} presses of Tab`);
}

export interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
}

/**
 * Starts recording every request the page sends to the API under `baseURL` (/psp/ and /sandbox/);
 * the returned function gives them, headers as sent, in the order they were sent.
 */
export function recordApiRequests(page: Page, baseURL: string): () => Promise<RecordedRequest[]> {
  const origin = new URL(baseURL).origin;
  const recorded: Promise<RecordedRequest>[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin || !/^\/(psp|sandbox)\//.test(url.pathname)) return;
    const entry = request.allHeaders().then((headers) => ({ method: request.method(), url: request.url(), authorization: headers['authorization'] }));
    // A request the page sends as the test closes it (a poll) cannot give its headers any more. The
    // failure stays in `entry` for a test that asks for the requests; when none asks, it must not
    // surface as an unhandled rejection that fails the whole run (it did once on CI).
    entry.catch(() => undefined);
    recorded.push(entry);
  });
  return () => Promise.all(recorded);
}

/** The values of every named input of a form, checkboxes as "true"/"false". */
export async function namedValues(form: Locator): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const input of await form.locator('[name]').all()) {
    const name = await input.getAttribute('name');
    if (name === null) continue;
    const type = await input.getAttribute('type');
    values[name] = type === 'checkbox' ? String(await input.isChecked()) : await input.inputValue();
  }
  return values;
}
