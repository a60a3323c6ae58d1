import { decoded, header, outboxMails } from "../support/outbox.ts";
import { DEMO, enterCode, expect, loginThroughForm as login, test } from "./fixtures.ts";

for (const [role, landing] of [
  ["super", /\/admin$/],
  ["admin", /\/admin$/],
  ["dealer", /\/dealer$/],
  ["user", /:\d+\/$/],
] as const) {
  test(`login as the demo ${role} lands on its page`, async ({ page }) => {
    await login(page, DEMO[role]);
    await expect(page).toHaveURL(landing);
    if (role === "super" || role === "admin") {
      // Admins see the reduced header with their name and no site navigation.
      await expect(page.getByRole("banner").getByText(DEMO[role].fullName)).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    } else {
      await expect(page.getByRole("button", { name: "Logout" }).first()).toBeAttached();
    }
  });
}

test("a wrong password shows the server's message", async ({ page }) => {
  await login(page, { user: "admin", password: "not-the-password" });
  await expect(page.getByText("Invalid username/email or password.")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("a 5-character password shows the spec's message and is not sent", async ({ page }) => {
  let posted = false;
  page.on("request", (r) => {
    if (r.method() === "POST") posted = true;
  });
  await login(page, { user: "admin", password: "12345" });
  await expect(page.getByText("Password must be at least 6 characters long.")).toBeVisible();
  expect(posted).toBe(false);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the login form still signs in, and the server checks the password length", async ({ page }) => {
    await login(page, { user: "dealer", password: "12345" });
    await expect(page.getByText("Password must be at least 6 characters long.")).toBeVisible();
    await login(page, DEMO.dealer);
    await expect(page).toHaveURL(/\/dealer$/);
  });
});

test("a signed-in user who opens /login is sent to their page", async ({ page }) => {
  await login(page, DEMO.dealer);
  await expect(page).toHaveURL(/\/dealer$/);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/dealer$/);
});

test("logout ends the session", async ({ page }) => {
  await login(page, DEMO.user);
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page.getByRole("link", { name: "Login" }).first()).toBeVisible();
  const me = await page.request.get("/api/auth/me");
  expect(me.status()).toBe(401);
});

test("the back office refuses everyone but admins", async ({ page }) => {
  await page.goto("/admin/products");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fproducts$/);
  await login(page, DEMO.user, "/login?redirectTo=%2Fadmin%2Fproducts");
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/:\d+\/$/);
});

test("after login a visitor returns to the back-office page they asked for", async ({ page }) => {
  await page.goto("/admin/dealers");
  await expect(page).toHaveURL(/redirectTo=%2Fadmin%2Fdealers/);
  await page.getByLabel("Email or Username").fill(DEMO.admin.user);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.admin.password);
  await page.getByRole("button", { name: "Login" }).click();
  // Back-office accounts give a code from their authenticator app next (decision 010).
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
  await enterCode(page, DEMO.admin.user);
  await expect(page).toHaveURL(/\/admin\/dealers$/);
  await expect(page).toHaveTitle(/Admin \| /);
});

test("the dealer landing page is public; the other dealer pages need a session", async ({ page }) => {
  await page.goto("/dealer");
  await expect(page.getByRole("heading", { name: "Become a Certified Dealer and Grow Your Business" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Apply Now" })).toBeVisible();
  await expect(page).toHaveTitle(/^Dealer Registration \| /);
  await page.goto("/dealer/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdealer%2Fprofile$/);
  await page.getByLabel("Email or Username").fill(DEMO.dealer.user);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.dealer.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/dealer\/profile$/);
});

test("sign-up checks the confirmation, creates the account and goes to /verification", async ({ page }) => {
  const stamp = Date.now().toString(36);
  await page.goto("/signup");
  await page.getByLabel("Full Name").fill("Tatenda Test");
  await page.getByLabel("Username").fill(`tatenda${stamp}`);
  await page.getByLabel("Email").fill(`tatenda${stamp}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("solar-power-1");
  await page.getByLabel("Confirm Password").fill("solar-power-2");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Passwords do not match.")).toBeVisible();
  await page.getByLabel("Confirm Password").fill("solar-power-1");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/verification$/);
  await login(page, { user: `tatenda${stamp}`, password: "solar-power-1" });
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto("/signup");
  await expect(page).toHaveURL(/:\d+\/$/);
});

// The page never says that a username is taken; the e-mail to the address that signed up does.
test("sign-up with a taken username answers like any sign-up, and the e-mail says to choose another", async ({ page }) => {
  const email = `someone${Date.now()}@example.com`;
  await page.goto("/signup");
  await page.getByLabel("Full Name").fill("Someone Else");
  await page.getByLabel("Username").fill("dealer");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("solar-power-1");
  await page.getByLabel("Confirm Password").fill("solar-power-1");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.getByText("This username is already taken.")).toHaveCount(0);
  const mails = () => outboxMails(process.env.E2E_DATA_DIR as string);
  await expect
    .poll(async () => (await mails()).some((m) => header(m, "To") === email && decoded(m).includes('"dealer" is already taken')))
    .toBe(true);
});

// I7: the login page's answer used to set the new session cookie and then clear it again.
test("signing in with a stale session cookie keeps the new session", async ({ page, baseURL }) => {
  await page.goto("/login");
  // The session ended while the form was open: the POST carries a cookie the server no longer knows.
  await page.context().addCookies([{ name: "sid", value: "stale-session-token-0123456789abcdefghijklmnop", url: baseURL as string }]);
  const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/login"));
  await page.getByLabel("Email or Username").fill(DEMO.dealer.user);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.dealer.password);
  await page.getByRole("button", { name: "Login" }).click();
  const headers = await (await answer).headersArray();
  // Chromium may join several Set-Cookie lines into one header, one per line.
  const lines = headers.filter((h) => h.name.toLowerCase() === "set-cookie").flatMap((h) => h.value.split("\n"));
  const session = lines.filter((line) => line.startsWith("sid="));
  expect(session.map((line) => line.startsWith("sid=;"))).toEqual([false]);
  await expect(page).toHaveURL(/\/dealer$/);
  await page.goto("/dealer/profile");
  await expect(page).toHaveURL(/\/dealer\/profile$/);
});

test("forgot-password checks the address with the spec's message, in the browser and on the server", async ({ page }) => {
  await page.goto("/forgot-password");
  await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeVisible();
  await page.getByLabel("Email").fill("not-an-address");
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const res = await page.request.post("/forgot-password", { form: { email: "" }, headers: { origin: new URL(page.url()).origin } });
  expect(res.status()).toBe(400);
  expect(await res.text()).toContain("Please enter a valid email address.");
});
