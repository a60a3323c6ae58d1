import { createServer } from "node:net";
import { asc, eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "#server/db/schema/jobs.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Fault: the SMTP server is down. A visitor's message is still accepted (2xx), its mails wait in the job queue, and
 * once a real SMTP server (smtp-server) answers on SMTP_URL they arrive, each exactly once. Retries are shortened
 * through the configuration (JOBS_RETRY_BASE_MS); the worker polls as it does in production.
 */

type Received = { to: string; subject: string };

let t: TestApp;
let port: number;
let smtp: SMTPServer | undefined;
const received: Received[] = [];

/** A port nothing listens on (yet). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function startSmtp(): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        const head = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, " ") ?? "";
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(","),
          subject: head.match(/^subject: (.*)$/im)?.[1] ?? "",
        });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      JOBS_POLL_MS: "100",
      JOBS_RETRY_BASE_MS: "200",
      JOBS_RETRY_MAX_MS: "1000",
    },
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

const mailJobs = () => t.database.db.select().from(jobs).where(eq(jobs.kind, "mail.send")).orderBy(asc(jobs.id));

describe("SMTP down", () => {
  it("accepts the visitor's message while the SMTP server is down; the mails are sent once it is back, once each", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { fullName: "Fault Visitor", email: "fault.visitor@example.com", phone: "", notes: "Is the mail lost?", requestQuote: true },
    });
    expect(res.statusCode).toBe(201);

    // The worker tries, is refused, and tries again (short backoff here): nothing is lost, nothing sent.
    await until(async () => (await mailJobs()).every((j) => j.attempts >= 2), 10_000, "two attempts per mail");
    const waiting = await mailJobs();
    expect(waiting).toHaveLength(2);
    expect(waiting.every((j) => j.status !== "done" && j.status !== "dead")).toBe(true);
    expect(waiting.map((j) => j.lastError ?? "").join()).toMatch(/ECONNREFUSED/);
    expect(received).toHaveLength(0);

    smtp = await startSmtp();
    await until(() => received.length >= 2, 20_000, "the two mails at the SMTP server");
    await until(async () => (await mailJobs()).every((j) => j.status === "done"), 5_000, "the jobs marked done");
    // A while longer: no job sends again.
    await new Promise((r) => setTimeout(r, 1500));
    expect(received).toHaveLength(2);
    const toVisitor = received.filter((m) => m.to === "fault.visitor@example.com");
    expect(toVisitor).toHaveLength(1);
    expect(toVisitor[0]?.subject).toMatch(/^We received your message/);
    expect(received.filter((m) => m.subject.startsWith("Quote requested: contact message from Fault Visitor"))).toHaveLength(1);
  });
});
