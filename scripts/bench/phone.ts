// The browsers the phone figures are measured in: Debian Chromium, a fresh context (own HTTP cache, own storage) per
// cold run, a Pixel 7 (412 px wide, touch, mobile user agent) or a 1280 × 800 desktop with a mouse, and Lighthouse's
// mobile conditions applied through CDP.
import { type Browser, type BrowserContext, type CDPSession, devices, type Page } from "@playwright/test";

export type Viewport = "phone" | "desktop";

const PROFILES = {
  phone: devices["Pixel 7"],
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
} as const;

/**
 * Lighthouse's mobile conditions (its "slow 4G" and 4× CPU): 150 ms round trip, 1.6 Mbps down, 750 kbps up. Applied
 * per request as DevTools does, without Lighthouse's ×3.75 latency adjustment of its devtools mode: the round trip
 * its simulated figures assume.
 */
export const MOBILE_CONDITIONS = {
  latencyMs: 150,
  downloadKbps: 1.6 * 1024,
  uploadKbps: 750,
  cpuSlowdown: 4,
} as const;

export function newContext(browser: Browser, viewport: Viewport): Promise<BrowserContext> {
  return browser.newContext({ ...PROFILES[viewport] });
}

/** A CDP session on the page with the network and CPU held to MOBILE_CONDITIONS (when `throttled`). */
export async function openSession(context: BrowserContext, page: Page, throttled: boolean): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  if (throttled) {
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: MOBILE_CONDITIONS.latencyMs,
      downloadThroughput: (MOBILE_CONDITIONS.downloadKbps * 1024) / 8,
      uploadThroughput: (MOBILE_CONDITIONS.uploadKbps * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: MOBILE_CONDITIONS.cpuSlowdown });
  }
  return cdp;
}
