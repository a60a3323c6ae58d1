import type { Page } from "@playwright/test";

/**
 * Waits until React runs the page. Visitors' catalogue and content pages load their scripts on their first use
 * (decision 009), so this first uses the page in a way that changes nothing: the pointer moves to the page's corner
 * (no click: no user activation, so no welcome sound), or, for keyboard-only journeys, Shift is pressed. Then two
 * frames pass for the renders that follow hydration (the cart read from localStorage).
 */
export async function hydrated(page: Page, by: "pointer" | "key" = "pointer"): Promise<void> {
  if (by === "key") await page.keyboard.press("Shift");
  else await page.mouse.move(1, 1);
  await page.waitForFunction(() => (window as Window & { __hydrated?: boolean }).__hydrated === true);
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
