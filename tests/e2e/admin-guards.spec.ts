import type { APIRequestContext } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../src/web/routes.ts";
import { DEMO, expect, login, test } from "./fixtures.ts";

/** Every route module under the admin layout, with a path that reaches it (params filled with seeded ids). */
function adminRoutes(entries: RouteConfigEntry[], parent = ""): { id: string; path: string }[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}` : parent;
    // A module registered twice has an id of its own on one of them (the content's index): single fetch names that id.
    const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
    const here = (entry.index || entry.path) && own.startsWith("/admin") ? [{ id, path: own }] : [];
    return [...here, ...adminRoutes(entry.children ?? [], own)];
  });
}

const sample = (path: string) => path.replace("/:tab?", "/about").replace(/:\w+/g, "1").replace(/\/\*$/, "/no-such-screen");

/**
 * React Router's single fetch runs only the loaders named in `?_routes=`, so the admin layout's guard is
 * skipped; every admin page's own loader must send a visitor to sign in and anyone else away, before reading anything.
 */
test("every admin page's loader refuses visitors and dealers even when the layout's loader is skipped", async ({ playwright, baseURL }) => {
  const list = adminRoutes(routes).filter((r) => r.path !== "/admin/*");
  expect(list.length).toBeGreaterThan(14);
  const visitor = await playwright.request.newContext({ baseURL });
  const dealer = await playwright.request.newContext({ baseURL });
  const signIn = await dealer.post("/api/auth/login", { data: { user: DEMO.dealer.user, password: DEMO.dealer.password } });
  expect(signIn.status()).toBe(200);
  const fetchData = async (ctx: APIRequestContext, r: { id: string; path: string }) => {
    const url = `${sample(r.path)}.data?_routes=${encodeURIComponent(r.id)}`;
    const res = await ctx.get(url, { maxRedirects: 0 });
    return { url, status: res.status(), body: await res.text() };
  };
  for (const r of list) {
    for (const [who, ctx, to] of [
      ["visitor", visitor, "/login?redirectTo="],
      ["dealer", dealer, '"/"'],
    ] as const) {
      const answer = await fetchData(ctx, r);
      expect(answer.body, `${who} ${answer.url}`).toContain("SingleFetchRedirect");
      expect(answer.body, `${who} ${answer.url}`).toContain(to);
    }
  }
  await visitor.dispose();
  await dealer.dispose();
});

/** Reading a message's page (a GET: a prefetch, a link preview) does not mark it read; the page does, with a POST. */
test("opening a message marks it read by a POST from the page, not by loading it", async ({ page, playwright, baseURL }) => {
  const sender = await playwright.request.newContext({ baseURL });
  const sent = await sender.post("/api/contact", {
    data: { fullName: "Nyasha Guard", email: "nyasha.guard@example.com", phone: "", notes: "Read me once.", requestQuote: false },
  });
  expect(sent.status()).toBe(201);
  await sender.dispose();

  await login(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin/);
  const api = page.request;
  const inbox = (await (await api.get("/api/contact?q=nyasha.guard")).json()) as { rows: { id: number; readAt: string | null }[] };
  const id = inbox.rows[0]?.id as number;
  const readAt = async () => ((await (await api.get(`/api/contact/${id}`)).json()) as { readAt: string | null }).readAt;

  // The page's data, fetched as a prefetch would: still unread.
  const data = await api.get(`/admin/messages/${id}.data`);
  expect(data.status()).toBe(200);
  expect(await readAt()).toBeNull();

  // The page itself marks it read once shown.
  const marked = page.waitForRequest((r) => r.method() === "POST" && r.url().includes(`/admin/messages/${id}`));
  await page.goto(`/admin/messages/${id}`);
  await marked;
  await expect.poll(readAt).not.toBeNull();

  // Mark unread: back to the list, and it stays unread.
  await page.getByRole("button", { name: "Mark unread" }).click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  expect(await readAt()).toBeNull();
});
