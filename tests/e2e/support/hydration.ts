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
