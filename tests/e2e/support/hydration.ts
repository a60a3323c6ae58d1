import type { Page } from "@playwright/test";

/**
 * Waits until the page's scripts run it (decision 013): React on React's pages (`__hydrated`), the small module of
 * src/web/enhance/ on the pages sent without React (`__enhanced`; those have no `__reactRouterContext`). The pointer
 * moves to the page's corner first (no click: no user activation, so no welcome sound), or, for keyboard-only
 * journeys, Shift is pressed, as a person would before acting. Then two frames pass for what follows.
 */
export async function hydrated(page: Page, by: "pointer" | "key" = "pointer"): Promise<void> {
  if (by === "key") await page.keyboard.press("Shift");
  else await page.mouse.move(1, 1);
  await page.waitForFunction(() => {
    const w = window as Window & { __hydrated?: boolean; __enhanced?: boolean; __reactRouterContext?: unknown };
    return w.__reactRouterContext === undefined ? w.__enhanced === true : w.__hydrated === true;
  });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Resolves once the page has handled what was already dispatched to it: two turns of its task queue through a
 * MessageChannel (React schedules its work the same way; a faked clock does not stop it). What a handler did not do
 * by then it will not do: the barrier for "nothing happened" checks, instead of a sleep.
 */
export async function tasksDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let i = 0; i < 2; i++) {
      await new Promise<void>((done) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => done();
        channel.port2.postMessage(null);
      });
    }
  });
}

/**
 * Holds back the module of the pages sent without React (src/web/enhance/) until the returned function is called:
 * what a visitor does before it has come can then be tried (decision 013: held and replayed, not lost). Navigate
 * with `waitUntil: "domcontentloaded"`, as the held script keeps the page's load event back.
 */
export async function holdEnhanceScript(page: Page): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((done) => {
    release = done;
  });
  await page.route("**/assets/enhance-*.js", async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    await page.waitForFunction(() => (window as Window & { __enhanced?: boolean }).__enhanced === true);
  };
}

/** Whether the module of the pages sent without React has run. */
export const enhanced = (page: Page) => page.evaluate(() => (window as Window & { __enhanced?: boolean }).__enhanced === true);
