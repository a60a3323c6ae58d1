import { formatMoney, toCents } from "#shared/quotation-totals.ts";
import type { Mail, MailAttachment } from "./mailer.ts";

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Everything a visitor typed goes through this before it reaches an HTML body. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

/** Header values must stay on one line whatever a visitor typed. */
export function oneLine(value: string, max = 150): string {
  return value
    .replace(/[\r\n\t]+/g, " ")
    .trim()
    .slice(0, max);
}

/**
 * An amount as the site shows it: "USD 3,256.00" (the shared formatter of the quotation figures); text that is not
 * a plain decimal is shown as it is.
 */
export function money(currency: string, amount: string | null): string {
  const cents = toCents(amount);
  return cents === null ? (amount ?? "") : `${currency} ${formatMoney(cents)}`;
}

/** Where links point when a service is made without the site's address (unit tests): the default local server. */
export const DEFAULT_LINK_ORIGIN = "http://localhost:3000";

/** The site's own address for `path` ("/dealer/orders"), absolute: e-mails are read away from the site. */
export function siteLink(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${path}`;
}

export type MailCellLink = { text: string; url: string };

export type MailBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "fields"; rows: [label: string, value: string][] }
  /** A cell may link to the site's page of what it names (a product). */
  | { kind: "table"; head: string[]; rows: (string | MailCellLink)[][] }
  /**
   * The e-mail's main action: a button in HTML, "label: URL" in the text part. `showUrl` also prints the address
   * under the button, for single-use links a reader may need to copy into another browser.
   */
  | { kind: "action"; label: string; url: string; showUrl?: boolean }
  /**
   * A sentence and one of the site's addresses: "text URL" in the text part, the sentence and a link (`label`, else
   * the address) in HTML. Only addresses the site makes become links: what a visitor typed stays text.
   */
  | { kind: "link"; text: string; url: string; label?: string };

/** The look of an action's button; e-mail programs keep only inline styles. */
export const BUTTON_STYLE =
  "display:inline-block;background:#a34f22;color:#ffffff;font-weight:bold;font-size:16px;line-height:1.25;text-decoration:none;padding:12px 22px;border-radius:6px;border:1px solid #833f1f";
const LINK_STYLE = "color:#a34f22;text-decoration:underline;word-break:break-all";

function linkHtml(url: string, label = url): string {
  return `<a href="${escapeHtml(url)}" style="${LINK_STYLE}">${escapeHtml(label)}</a>`;
}

/**
 * One message in plain text and simple HTML from the same blocks, so the two never say different things.
 * Every value is escaped here; callers pass raw text.
 */
export function composeMail(opts: {
  to: string;
  subject: string;
  replyTo?: string;
  heading: string;
  blocks: MailBlock[];
  footer: string;
  attachments?: MailAttachment[];
}): Mail {
  const text: string[] = [opts.heading, ""];
  const html: string[] = [
    `<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#0f172a;max-width:640px">`,
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(opts.heading)}</h1>`,
  ];
  const cell = "padding:6px 10px;border:1px solid #e2e8f0;text-align:left;vertical-align:top";
  for (const block of opts.blocks) {
    if (block.kind === "paragraph") {
      text.push(block.text, "");
      html.push(`<p style="margin:0 0 12px;white-space:pre-line">${escapeHtml(block.text)}</p>`);
    } else if (block.kind === "fields") {
      for (const [label, value] of block.rows) text.push(`${label}: ${value || "-"}`);
      text.push("");
      html.push(`<table style="border-collapse:collapse;margin:0 0 16px">`);
      for (const [label, value] of block.rows) {
        html.push(
          `<tr><th style="${cell};background:#f8fafc">${escapeHtml(label)}</th><td style="${cell};white-space:pre-line">${escapeHtml(value || "-")}</td></tr>`,
        );
      }
      html.push("</table>");
    } else if (block.kind === "action") {
      text.push(`${block.label}:`, block.url, "");
      html.push(`<p style="margin:20px 0"><a href="${escapeHtml(block.url)}" style="${BUTTON_STYLE}">${escapeHtml(block.label)}</a></p>`);
      if (block.showUrl) {
        html.push(
          `<p style="margin:0 0 16px;font-size:13px;color:#475569">If the button does not work, open this address: ${linkHtml(block.url)}</p>`,
        );
      }
    } else if (block.kind === "link") {
      text.push(`${block.text} ${block.url}`, "");
      html.push(`<p style="margin:0 0 12px">${escapeHtml(block.text)} ${linkHtml(block.url, block.label)}</p>`);
    } else {
      text.push(block.head.join(" | "));
      for (const row of block.rows) text.push(row.map((v) => (typeof v === "string" ? v : v.text)).join(" | "));
      text.push("");
      html.push(`<table style="border-collapse:collapse;margin:0 0 16px;width:100%"><thead><tr>`);
      for (const h of block.head) html.push(`<th style="${cell};background:#f8fafc">${escapeHtml(h)}</th>`);
      html.push("</tr></thead><tbody>");
      for (const row of block.rows) {
        const cells = row.map((v) => `<td style="${cell}">${typeof v === "string" ? escapeHtml(v) : linkHtml(v.url, v.text)}</td>`);
        html.push(`<tr>${cells.join("")}</tr>`);
      }
      html.push("</tbody></table>");
    }
  }
  text.push("--", opts.footer);
  html.push(`<p style="margin:24px 0 0;color:#475569;font-size:13px">${escapeHtml(opts.footer)}</p></div>`);
  return {
    to: opts.to,
    subject: oneLine(opts.subject, 200),
    text: `${text.join("\n")}\n`,
    html: html.join("\n"),
    ...(opts.replyTo ? { replyTo: opts.replyTo } : {}),
    ...(opts.attachments?.length ? { attachments: opts.attachments } : {}),
  };
}
