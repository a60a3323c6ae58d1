import type { Page } from "@playwright/test";
import sharp from "sharp";
import { BLOG_TOO_MANY_IMAGES, VIDEO_LINK_INVALID } from "#shared/schemas/content.ts";
import { DEMO, expect, login, test } from "./fixtures.ts";
import { hydrated } from "./support/hydration.ts";

/** Admins write the site's content; the public pages show it at once. */

async function png(colour: string, width = 800, height = 600) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}
const imageFile = async (name: string, colour: string) => ({ name, mimeType: "image/png", buffer: await png(colour) });

async function loginAsAdmin(page: Page) {
  await login(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
}

/** The admin screen once its script runs (the form's submit button waits for it). */
async function openAdmin(page: Page, path: string, submit: string) {
  await page.goto(path);
  await expect(page.getByRole("button", { name: submit })).toBeEnabled();
}

const stamp = () => Date.now().toString(36);

test("an admin writes a blog with two images, is refused a third, edits it and deletes it", async ({ page }) => {
  test.setTimeout(60_000);
  const title = `Winter output tips ${stamp()}`;
  await loginAsAdmin(page);
  await openAdmin(page, "/admin/blogs", "Publish blog");

  const form = page.getByRole("form", { name: "New blog" });
  await expect(form).toHaveAttribute("data-tour", "blog-form");
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Author").fill("Rudo Admin");
  await form.getByLabel("Story").fill("Panels make less in June.\n\nTilt them steeper for winter.");

  // Three images at once: refused in the browser before anything is sent.
  const images = form.locator('[data-tour="blog-images"]');
  const input = images.locator('input[type="file"]');
  await input.setInputFiles([
    await imageFile("one.png", "#de7a37"),
    await imageFile("two.png", "#2a6fb0"),
    await imageFile("three.png", "#118844"),
  ]);
  await expect(images.getByRole("alert")).toHaveText(BLOG_TOO_MANY_IMAGES);
  await expect(images.getByRole("listitem")).toHaveCount(0);
  await input.setInputFiles([await imageFile("one.png", "#de7a37"), await imageFile("two.png", "#2a6fb0")]);
  await expect(images.getByRole("listitem")).toHaveCount(2);
  await expect(images.getByRole("alert")).toHaveCount(0);
  // A third one on top of two: refused too.
  await input.setInputFiles([await imageFile("three.png", "#118844")]);
  await expect(images.getByRole("alert")).toHaveText(BLOG_TOO_MANY_IMAGES);
  await expect(images.getByRole("listitem")).toHaveCount(2);

  await form.getByRole("button", { name: "Publish blog" }).click();
  await expect(form.getByText("The blog is published")).toBeVisible();
  await expect(form.getByLabel("Title")).toHaveValue("");
  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row).toBeVisible();

  // The server refuses a third image too, with the same words.
  const multipart = new FormData();
  multipart.append("title", "Three images");
  multipart.append("author", "Rudo Admin");
  multipart.append("story", "Too many.");
  for (const colour of ["#111111", "#222222", "#333333"]) {
    multipart.append("images", new Blob([new Uint8Array(await png(colour, 64, 48))], { type: "image/png" }), `${colour.slice(1)}.png`);
  }
  const refused = await page.request.post("/api/blogs", { multipart });
  expect(refused.status()).toBe(413);
  expect((await refused.json()).message).toBe(BLOG_TOO_MANY_IMAGES);

  // On the public pages at once: the list and the blog's own page with both images.
  await page.goto("/blogs");
  await page.getByRole("link", { name: title }).first().click();
  await expect(page).toHaveURL(/\/blog\/\d+$/);
  const blogUrl = page.url();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText("Tilt them steeper for winter.")).toBeVisible();
  await expect(page.getByRole("main").locator('img[src*="/media/blogs/"]')).toHaveCount(2);

  // Edit: a new title, and one image fewer.
  await openAdmin(page, "/admin/blogs", "Publish blog");
  await page
    .getByRole("row", { name: new RegExp(title) })
    .getByRole("link", { name: `Edit ${title}` })
    .click();
  const edit = page.getByRole("form", { name: "Edit blog" });
  await expect(edit.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByRole("heading", { name: `Edit blog: ${title}` })).toBeFocused();
  await edit.getByLabel("Title").fill(`${title} (updated)`);
  await edit
    .getByRole("button", { name: /^Remove / })
    .last()
    .click();
  await expect(edit.locator('[data-tour="blog-images"]').getByRole("listitem")).toHaveCount(1);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("form", { name: "New blog" })).toBeVisible();
  await page.goto(blogUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} (updated)`);
  await expect(page.getByRole("main").locator('img[src*="/media/blogs/"]')).toHaveCount(1);

  // Delete, after a confirmation.
  await openAdmin(page, "/admin/blogs", "Publish blog");
  await page.getByRole("button", { name: `Delete ${title} (updated)` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this blog?" });
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row", { name: new RegExp(title) })).toHaveCount(0);
  const gone = await page.request.get(blogUrl);
  expect(gone.status()).toBe(404);
});

test("a team member added with a photo appears on the About page", async ({ page }) => {
  const name = `Tariro Test ${stamp()}`;
  await loginAsAdmin(page);
  await openAdmin(page, "/admin/team", "Add team member");
  const form = page.getByRole("form", { name: "New team member" });
  await expect(form).toHaveAttribute("data-tour", "team-form");
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Position").selectOption("Lead Installer");
  await form.getByLabel("Bio").fill("Fits panels on the steepest roofs.");
  await form.locator('[data-tour="team-photo"] input[type="file"]').setInputFiles(await imageFile("tariro.png", "#884422"));
  await form.getByRole("button", { name: "Add team member" }).click();
  await expect(form.getByText("The team member is added")).toBeVisible();

  await page.goto("/about");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(card).toContainText("Lead Installer");
  await expect(card.locator('img[src*="/media/team/"]')).toHaveCount(1);

  // Tidy up: the About page's other tests count the demo team.
  await openAdmin(page, "/admin/team", "Add team member");
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await page.getByRole("dialog", { name: "Delete this team member?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
});

test("a case study with a video link shows the video on its page", async ({ page }) => {
  const project = `Mutare Dairy ${stamp()}`;
  await loginAsAdmin(page);
  await openAdmin(page, "/admin/case-studies", "Publish case study");
  const form = page.getByRole("form", { name: "New case study" });
  await expect(form).toHaveAttribute("data-tour", "case-study-form");
  await form.getByLabel("Project name").fill(project);
  await form.getByLabel("Location").fill("Mutare, Manicaland");
  await form.getByLabel("System capacity").fill("25 kW");
  await form.locator('[data-tour="case-study-images"] input[type="file"]').setInputFiles(await imageFile("dairy.png", "#336699"));

  // Another site's link is refused under the field, before anything is sent.
  const video = form.getByLabel("Video link");
  await video.fill("https://vimeo.com/76979871");
  await form.getByRole("button", { name: "Publish case study" }).click();
  await expect(form.getByText(VIDEO_LINK_INVALID)).toBeVisible();
  await expect(video).toHaveAttribute("aria-invalid", "true");
  await video.fill("https://youtu.be/dQw4w9WgXcQ?si=share");
  await form.getByRole("button", { name: "Publish case study" }).click();
  await expect(form.getByText("The case study is published")).toBeVisible();

  await page.getByRole("link", { name: project, exact: true }).click();
  await expect(page).toHaveURL(/\/case-study\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(project);
  await expect(page.getByText("25 kW")).toBeVisible();
  // The film waits behind its poster until it is asked for (the player answered here, offline).
  await page.route("https://www.youtube-nocookie.com/**", (route) => route.fulfill({ contentType: "text/html", body: "<p>Player</p>" }));
  // Before the page's script has run, the poster is a plain link to the film's own page (left to the browser).
  await hydrated(page);
  await page.getByRole("link", { name: `Play the video: ${project}` }).click();
  await expect(page.locator(`iframe[title="Video: ${project}"]`)).toHaveAttribute(
    "src",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1",
  );

  // Tidy up.
  await openAdmin(page, "/admin/case-studies", "Publish case study");
  await page.getByRole("button", { name: `Delete ${project}` }).click();
  await page.getByRole("dialog", { name: "Delete this case study?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("row", { name: new RegExp(project) })).toHaveCount(0);
});

test("site content sections open from their own links; an FAQ and a certificate appear on the public pages", async ({ page }) => {
  test.setTimeout(60_000);
  const question = `Do you install on Sundays? ${stamp()}`;
  const certificate = `Test certificate ${stamp()}`;
  await loginAsAdmin(page);

  await openAdmin(page, "/admin/content/faqs", "Add FAQ");
  const sections = page.getByRole("navigation", { name: "Site content sections" });
  await expect(sections.getByRole("link", { name: "FAQs" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 2, name: "FAQs" })).toBeVisible();
  const faqForm = page.getByRole("form", { name: "New FAQ" });
  await faqForm.getByRole("button", { name: "Add FAQ" }).click();
  await expect(faqForm.getByText("Enter the question.")).toBeVisible();
  await faqForm.getByLabel("Question").fill(question);
  await faqForm.getByLabel("Answer").fill("Only for emergencies.");
  await faqForm.getByRole("button", { name: "Add FAQ" }).click();
  await expect(page.getByRole("row", { name: new RegExp(question.replace(/[?]/g, "\\?")) })).toBeVisible();
  await page.goto("/faqs");
  await expect(page.getByText(question)).toBeVisible();

  await openAdmin(page, "/admin/content/certificates", "Add certificate");
  await expect(sections.getByRole("link", { name: "Certificates" })).toHaveAttribute("aria-current", "page");
  const certForm = page.getByRole("form", { name: "New certificate" });
  await certForm.getByLabel("Title").fill(certificate);
  await certForm.getByRole("button", { name: "Add certificate" }).click();
  await expect(certForm.getByText("Choose the certificate's PDF file.").first()).toBeVisible();
  const { PDFDocument } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]);
  await certForm
    .getByLabel("PDF file")
    .setInputFiles({ name: "licence.pdf", mimeType: "application/pdf", buffer: Buffer.from(await doc.save()) });
  await certForm.getByRole("button", { name: "Add certificate" }).click();
  await expect(page.getByRole("row", { name: new RegExp(certificate) })).toBeVisible();
  await page.goto("/about");
  await expect(page.getByRole("link", { name: new RegExp(certificate) })).toHaveAttribute(
    "href",
    /^\/media\/certificates\/test-certificate-[a-z0-9-]+\.pdf$/,
  );

  // Tidy up.
  await openAdmin(page, "/admin/content/certificates", "Add certificate");
  await page.getByRole("button", { name: `Delete ${certificate}` }).click();
  await page.getByRole("dialog", { name: "Delete this certificate?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("row", { name: new RegExp(certificate) })).toHaveCount(0);
  await openAdmin(page, "/admin/content/faqs", "Add FAQ");
  await page.getByRole("button", { name: `Delete ${question}` }).click();
  await page.getByRole("dialog", { name: "Delete this FAQ?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(question)).toHaveCount(0);
});

test("the blog form on a phone: no sideways scrolling, and the images list fits @phone", async ({ page }) => {
  await loginAsAdmin(page);
  await openAdmin(page, "/admin/blogs", "Publish blog");
  await page
    .locator('[data-tour="blog-images"] input[type="file"]')
    .setInputFiles([await imageFile("a-very-long-file-name-of-a-photo-taken-on-site.png", "#de7a37")]);
  await expect(page.locator('[data-tour="blog-images"]').getByRole("listitem")).toHaveCount(1);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
});

test("an admin moves an FAQ up with its Move up button; the FAQ page shows the new order", async ({ page }) => {
  test.setTimeout(60_000);
  const tag = stamp();
  const [first, second] = [`Ordered question A ${tag}`, `Ordered question B ${tag}`];
  await loginAsAdmin(page);
  await openAdmin(page, "/admin/content/faqs", "Add FAQ");
  // The list in its order: the first FAQ cannot go higher.
  await expect(page.getByRole("button", { name: /^Move up / }).first()).toBeDisabled();
  const form = page.getByRole("form", { name: "New FAQ" });
  for (const question of [first, second]) {
    await form.getByLabel("Question").fill(question);
    await form.getByLabel("Answer").fill("Kept in the admin's order.");
    await form.getByRole("button", { name: "Add FAQ" }).click();
    await expect(page.getByRole("row", { name: new RegExp(question) })).toBeVisible();
  }

  // Only these two, in their order: the new one went last, after the first.
  await openAdmin(page, `/admin/content/faqs?q=${tag}`, "Add FAQ");
  const order = async () =>
    (await page.getByRole("row").allInnerTexts()).filter((t) => t.includes(tag)).map((t) => (t.includes(first) ? "A" : "B"));
  await expect.poll(order).toEqual(["A", "B"]);
  // Each click swaps B with the FAQ just above it in the whole list: another test's FAQ may have come between the
  // two (tests run side by side), so B goes up until it is above A, one place at a time.
  for (let i = 0; i < 4 && (await order()).join("") !== "BA"; i++) {
    const moved = page.getByText("The FAQ has been moved up.");
    await page.getByRole("button", { name: `Move up ${second}` }).click();
    await expect(moved).toBeVisible();
    await page.reload();
  }
  await expect.poll(order).toEqual(["B", "A"]);

  await page.goto("/faqs");
  const text = (await page.getByRole("main").textContent()) ?? "";
  expect(text.indexOf(second)).toBeGreaterThan(-1);
  expect(text.indexOf(second)).toBeLessThan(text.indexOf(first));

  // Tidy up.
  await openAdmin(page, `/admin/content/faqs?q=${tag}`, "Add FAQ");
  for (const question of [first, second]) {
    await page.getByRole("button", { name: `Delete ${question}` }).click();
    await page.getByRole("dialog", { name: "Delete this FAQ?" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("row", { name: new RegExp(question) })).toHaveCount(0);
  }
});
