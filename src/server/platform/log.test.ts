import { describe, expect, it } from "vitest";
import { isQuietRequest, readableLogLine } from "./log.ts";

const at = new Date(2026, 10, 26, 9, 5, 7).getTime();

describe("readableLogLine (development log)", () => {
  it("writes an info line as its time and message, dropping pid, hostname and reqId", () => {
    const json = JSON.stringify({ level: 30, time: at, pid: 1, hostname: "h", reqId: "req-1", msg: "GET / 200 3 ms" });
    expect(readableLogLine(`${json}\n`)).toBe("09:05:07 GET / 200 3 ms\n");
  });

  it("names other levels and appends the other fields", () => {
    const json = JSON.stringify({ level: 40, time: at, msg: "job failed, retry scheduled", job: 7, kind: "mail" });
    expect(readableLogLine(json)).toBe("09:05:07 WARN job failed, retry scheduled job=7 kind=mail\n");
  });

  it("puts an error's stack below its line, indented", () => {
    const err = { type: "Error", message: "boom", stack: "Error: boom\n    at f (a.ts:1:1)" };
    const json = JSON.stringify({ level: 50, time: at, msg: "request failed", err });
    expect(readableLogLine(json)).toBe("09:05:07 ERROR request failed\n    Error: boom\n        at f (a.ts:1:1)\n");
  });

  it("passes a line that is not JSON through as it is", () => {
    expect(readableLogLine("plain text")).toBe("plain text\n");
  });
});

describe("isQuietRequest", () => {
  it("is true for files answered successfully, false for pages, API calls and failures", () => {
    expect(isQuietRequest("/assets/root-abc123.js", 200)).toBe(true);
    expect(isQuietRequest("/media/public/x.webp?w=400", 304)).toBe(true);
    expect(isQuietRequest("/favicon.ico", 200)).toBe(true);
    expect(isQuietRequest("/@vite/client", 200)).toBe(true);
    expect(isQuietRequest("/products", 200)).toBe(false);
    expect(isQuietRequest("/api/products?page=2", 200)).toBe(false);
    expect(isQuietRequest("/assets/missing.js", 404)).toBe(false);
  });
});
