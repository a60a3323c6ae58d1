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

export type MailBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "fields"; rows: [label: string, value: string][] }
  | { kind: "table"; head: string[]; rows: string[][] };

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
    } else {
      text.push(block.head.join(" | "));
      for (const row of block.rows) text.push(row.join(" | "));
      text.push("");
      html.push(`<table style="border-collapse:collapse;margin:0 0 16px"><thead><tr>`);
      for (const h of block.head) html.push(`<th style="${cell};background:#f8fafc">${escapeHtml(h)}</th>`);
      html.push("</tr></thead><tbody>");
      for (const row of block.rows) html.push(`<tr>${row.map((v) => `<td style="${cell}">${escapeHtml(v)}</td>`).join("")}</tr>`);
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
