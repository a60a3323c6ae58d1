import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUTTON_STYLE, escapeHtml } from "#server/platform/mailer/mail-templates.ts";
import { APPROVAL_NOTE, CONTACT_REPLY, MAIL_SAMPLES, NOT_TEMPLATES, REJECTION_REASON, SITE_URL } from "../support/mail-samples.ts";

// Every e-mail has a button for its main action and links to its record, at the site's address;
// amounts read as on the site ("USD 3,256.00").

const root = path.resolve(import.meta.dirname, "../..");
const serverDir = path.join(root, "src/server");

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith(".ts")).map((e) => path.join(e.parentPath, e.name));
}

/** Every exported function of every `*-mail.ts` module under src/server, as "module:export". */
async function templateExports(): Promise<string[]> {
  const modules = (await filesUnder(serverDir)).filter((f) => f.endsWith("-mail.ts"));
  const names: string[] = [];
  for (const file of modules) {
    const mod = (await import(file)) as Record<string, unknown>;
    const base = path.basename(file, ".ts");
    for (const [name, value] of Object.entries(mod)) if (typeof value === "function") names.push(`${base}:${name}`);
  }
  return names.sort();
}

const rendered = Object.entries(MAIL_SAMPLES).flatMap(([template, variants]) =>
  Object.entries(variants).map(([variant, render]) => ({ name: `${template} (${variant})`, mail: render() })),
);

const hrefs = (html: string) => [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => (m[1] as string).replaceAll("&amp;", "&"));

describe("the template registry", () => {
  it("has samples for every template a *-mail.ts module exports, and nothing else", async () => {
    const templates = (await templateExports()).filter((n) => !NOT_TEMPLATES.has(n));
    expect(templates.length).toBeGreaterThanOrEqual(21);
    expect(Object.keys(MAIL_SAMPLES).sort()).toEqual(templates);
  });

  it("leaves no e-mail composed outside the *-mail.ts modules", async () => {
    const outside: string[] = [];
    for (const file of await filesUnder(serverDir)) {
      if (file.endsWith("-mail.ts") || file.endsWith(".test.ts") || file.endsWith("mail-templates.ts")) continue;
      if ((await readFile(file, "utf8")).includes("composeMail(")) outside.push(path.relative(root, file));
    }
    expect(outside).toEqual([]);
  });
});

describe.each(rendered)("$name", ({ mail }) => {
  const html = mail.html ?? "";

  it("has a button for its main action, at the site's address", () => {
    const buttons = [...html.matchAll(/<a href="([^"]+)" style="([^"]+)">/g)].filter((m) => m[2] === BUTTON_STYLE);
    expect(buttons.length).toBeGreaterThanOrEqual(1);
    for (const [, url] of buttons) expect(url).toMatch(new RegExp(`^${SITE_URL.replaceAll(".", "\\.")}/`));
  });

  it("makes every address of the text part a link in the HTML", () => {
    const urls = mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
    expect(urls.length).toBeGreaterThanOrEqual(1);
    const links = hrefs(html);
    for (const url of urls) expect(links).toContain(url);
    // Only the site's own pages, absolute.
    for (const link of links) expect(link.startsWith(`${SITE_URL}/`), link).toBe(true);
  });

  it("shows amounts as the site does: currency, thousands separators, two decimals", () => {
    // The HTML's text, without its tags and inline styles.
    for (const body of [mail.text, html.replace(/<[^>]*>/g, " ")]) {
      // An unformatted amount: four or more digits in a row before the decimals ("3256.00").
      expect(body).not.toMatch(/(?<![\d,.])\d{4,}\.\d{2}\b/);
      // Every amount names its currency: "USD 3,256.00", never a bare "3,256.00".
      for (const m of body.matchAll(/(?<![\d,.])\d{1,3}(?:,\d{3})*\.\d{2}\b/g)) {
        expect(
          body.slice(Math.max(0, (m.index ?? 0) - 4), m.index),
          `${m[0]} in ${body.slice((m.index ?? 0) - 30, (m.index ?? 0) + 10)}`,
        ).toMatch(/^(USD|ZWG|ZWL) $/);
      }
    }
  });
});

describe("wording", () => {
  it("labels an approval's note as a message, and keeps 'Reason' for a rejection", () => {
    const approved = MAIL_SAMPLES["dealer-mail:statusChanged"]?.approved?.();
    expect(approved?.text).toContain(`Message from Solar Demo: ${APPROVAL_NOTE}`);
    expect(approved?.text).not.toContain("Reason");
    expect(approved?.html).toContain(`>Message from Solar Demo</th>`);
    const rejected = MAIL_SAMPLES["dealer-mail:statusChanged"]?.rejected?.();
    expect(rejected?.text).toContain(`Reason: ${REJECTION_REASON}`);
  });

  it("gives a contact reply one greeting: the one the admin's text starts with", () => {
    const reply = MAIL_SAMPLES["contact-mail:contactReplyMail"]?.default?.();
    for (const body of [reply?.text ?? "", reply?.html ?? ""]) {
      expect(body.match(/\bDear\b/g)).toHaveLength(1);
      expect(body).toContain(escapeHtml(CONTACT_REPLY.message.split("\n")[0] as string));
    }
  });

  it("orders show the site's figures", () => {
    const placed = MAIL_SAMPLES["order-mail:orderPlacedToDealer"]?.default?.();
    expect(placed?.text).toContain("Please pay USD 3,760.68 by bank transfer");
    expect(placed?.text).toContain("5 kW hybrid inverter | 2 | USD 1,128.00 | USD 2,256.00");
    expect(placed?.html).toContain(`<a href="${SITE_URL}/product/3"`);
  });
});
