import { expect, test } from "./fixtures.ts";

const CONFIRMATION = "Thank you! Your message has been sent. We will get back to you soon.";

test("the contact page shows the company's details and the Get in Touch form", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { name: "Contact Us", level: 1 })).toBeVisible();
  const details = page.getByRole("region", { name: "Contact details" });
  await expect(details.getByRole("link", { name: "+263 242 700 100" })).toHaveAttribute("href", /^tel:/);
  await expect(details.getByRole("link", { name: /WhatsApp|\+263771000100/ })).toHaveAttribute("href", /wa\.me\/263771000100/);
  await expect(details.getByRole("link", { name: "sales@solar-demo.example" })).toBeVisible();
  await expect(details.getByRole("link", { name: "support@solar-demo.example" })).toBeVisible();
  await expect(details.getByText("Mon-Fri 8AM-5PM")).toBeVisible();
  const form = page.getByRole("form", { name: "Get in Touch" });
  await expect(form.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(form.getByLabel("Phone (optional)")).toHaveAttribute("type", "tel");
  await expect(form.getByRole("checkbox", { name: "Request a Quote" })).not.toBeChecked();
});

test("sending the form confirms and clears it; an invalid e-mail is caught in the browser and keeps the name", async ({ page }) => {
  await page.goto("/contact", { waitUntil: "networkidle" });
  const form = page.getByRole("form", { name: "Get in Touch" });
  await form.getByLabel("Full Name").fill("Tariro Mukanya");
  await form.getByLabel("Email").fill("tariro@example.com");
  await form.getByLabel("Phone (optional)").fill("+263 77 555 0101");
  await form.getByLabel("Notes (optional)").fill("A 5 kW system for a farmhouse near Marondera.");
  await form.getByRole("checkbox", { name: "Request a Quote" }).check();
  await form.getByRole("button", { name: "Send Message" }).click();

  // Checked in the browser, then posted: the server's page says so, the focus on its confirmation.
  const confirmation = form.getByRole("status").filter({ hasText: CONFIRMATION });
  await expect(confirmation).toBeVisible();
  await expect(form.locator("[data-form-message]:focus")).toContainText(CONFIRMATION);
  await expect(form.getByLabel("Full Name")).toHaveValue("");
  await expect(form.getByLabel("Email")).toHaveValue("");
  await expect(form.getByRole("checkbox", { name: "Request a Quote" })).not.toBeChecked();

  let posted = false;
  page.on("request", (r) => {
    if (r.method() === "POST") posted = true;
  });
  await form.getByLabel("Full Name").fill("Tariro Mukanya");
  await form.getByLabel("Email").fill("tariro-at-example");
  await form.getByRole("button", { name: "Send Message" }).click();
  const email = form.getByLabel("Email");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Enter a valid email address.")).toBeVisible();
  const describedBy = (await email.getAttribute("aria-describedby")) ?? "";
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText("Enter a valid email address.");
  await expect(form.getByLabel("Full Name")).toHaveValue("Tariro Mukanya");
  expect(posted).toBe(false);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server checks the form, keeps what was typed, and sends a valid message", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Get in Touch" });
    await form.getByLabel("Full Name").fill("Blessing Dube");
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByLabel("Notes (optional)").fill("Please call me back.");
    await form.getByRole("checkbox", { name: "Request a Quote" }).check();
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByText("Enter a valid email address.")).toBeVisible();
    await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Full Name")).toHaveValue("Blessing Dube");
    await expect(form.getByLabel("Notes (optional)")).toHaveValue("Please call me back.");
    await expect(form.getByRole("checkbox", { name: "Request a Quote" })).toBeChecked();

    await form.getByLabel("Email").fill("blessing@example.com");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("status").filter({ hasText: CONFIRMATION })).toBeVisible();
    await expect(form.getByLabel("Full Name")).toHaveValue("");
  });
});
