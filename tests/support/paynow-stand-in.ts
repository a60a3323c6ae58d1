import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Paynow that speaks its HTTP protocol, for the API and browser tests. Written from Paynow's
 * published protocol on its own (not with the site's client), so a mistake in one is not hidden by the other:
 * - POST /interface/initiatetransaction and /interface/remotetransaction: urlencoded, hash checked against the
 *   integration key; answers a signed `status=Ok` reply (browserurl/pollurl, or instructions/paynowreference/pollurl
 *   for EcoCash and OneMoney) or an unsigned `status=Error&error=…`;
 * - POST /Interface/CheckPayment/?guid=…: the transaction's signed status (a poll);
 * - GET /Payment/<guid>: a small page with Pay and Cancel buttons, which post the signed result to the merchant's
 *   result URL and send the browser back to its return URL;
 * - test controls: `settle` (pay, cancel … and tell the merchant), `setStatus` (change quietly, for polls to find),
 *   `mode` (make the next requests fail: an Error reply, HTTP 500, no answer, or a bad hash); and over HTTP for
 *   browser tests in another process: POST /__stand-in/settle with reference and status.
 * Like Paynow's test mode, mobile number 0774444444 is refused with "Insufficient balance".
 */

export type StandInTransaction = {
  guid: string;
  paynowReference: string;
  kind: "web" | "mobile";
  reference: string;
  amount: string;
  additionalInfo: string;
  returnUrl: string;
  resultUrl: string;
  authEmail: string;
  phone: string;
  method: string;
  /** As Paynow writes it: Created, Sent, Paid, Cancelled, Failed … */
  status: string;
};

export type StandInMode = "ok" | "error" | "http500" | "hang" | "badhash";

export type PaynowStandIn = {
  url: string;
  integrationId: string;
  integrationKey: string;
  transactions: StandInTransaction[];
  /** Every request the merchant made: path and decoded fields. */
  requests: { path: string; fields: [string, string][] }[];
  /** How the initiate and poll endpoints answer from now on ("ok" by default). */
  mode: StandInMode;
  byReference(reference: string): StandInTransaction;
  /** Changes a transaction's status without telling the merchant (a poll finds it). */
  setStatus(reference: string, status: string): void;
  /** Changes the status and posts the signed result to the merchant's result URL; answers the merchant's HTTP status. */
  settle(reference: string, status?: string): Promise<number>;
  /** The signed result message Paynow would post for a transaction, with any field replaced (for forged callbacks). */
  resultBody(
    reference: string,
    overrides?: Partial<Record<"reference" | "paynowreference" | "amount" | "status" | "pollurl", string>>,
    key?: string,
  ): string;
  close(): Promise<void>;
};

function hashOf(values: string[], key: string): string {
  return createHash("sha512")
    .update(values.join("") + key.toLowerCase(), "utf8")
    .digest("hex")
    .toUpperCase();
}

function signed(fields: [string, string][], key: string): string {
  return new URLSearchParams([
    ...fields,
    [
      "hash",
      hashOf(
        fields.map(([, v]) => v),
        key,
      ),
    ],
  ]).toString();
}

function hashIsValid(fields: [string, string][], key: string): boolean {
  const given = fields.find(([k]) => k.toLowerCase() === "hash")?.[1] ?? "";
  const expected = hashOf(
    fields.filter(([k]) => k.toLowerCase() !== "hash").map(([, v]) => v),
    key,
  );
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

export async function startPaynowStandIn(
  opts: { integrationId?: string; integrationKey?: string; host?: string } = {},
): Promise<PaynowStandIn> {
  const integrationId = opts.integrationId ?? "4242";
  const integrationKey = opts.integrationKey ?? "7c0e8a5d-3b1f-4c2e-9a6d-5e4f3a2b1c0d";
  const transactions: StandInTransaction[] = [];
  const requests: PaynowStandIn["requests"] = [];
  const hanging = new Set<ServerResponse>();
  let nextReference = 9100;
  let url = "";

  const pollUrlOf = (t: StandInTransaction) => `${url}/Interface/CheckPayment/?guid=${t.guid}`;
  const statusFields = (t: StandInTransaction): [string, string][] => [
    ["reference", t.reference],
    ["paynowreference", t.paynowReference],
    ["amount", t.amount],
    ["status", t.status],
    ["pollurl", pollUrlOf(t)],
  ];
  const find = (reference: string) => {
    const t = transactions.find((x) => x.reference === reference);
    if (!t) throw new Error(`stand-in: no transaction ${reference}`);
    return t;
  };

  async function deliver(t: StandInTransaction): Promise<number> {
    const res = await fetch(t.resultUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: signed(statusFields(t), integrationKey),
    });
    await res.arrayBuffer();
    return res.status;
  }

  const standIn: PaynowStandIn = {
    url: "",
    integrationId,
    integrationKey,
    transactions,
    requests,
    mode: "ok",
    byReference: find,
    setStatus(reference, status) {
      find(reference).status = status;
    },
    async settle(reference, status = "Paid") {
      const t = find(reference);
      t.status = status;
      return deliver(t);
    },
    resultBody(reference, overrides = {}, key = integrationKey) {
      const t = find(reference);
      const fields = statusFields(t).map(([k, v]): [string, string] => [k, overrides[k as keyof typeof overrides] ?? v]);
      return signed(fields, key);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  /** Answers the initiate and poll endpoints as `mode` says; false: answer them normally. */
  function misbehave(res: ServerResponse): boolean {
    switch (standIn.mode) {
      case "error":
        res.end("Status=Error&Error=The+service+is+unavailable");
        return true;
      case "http500":
        res.writeHead(500).end("Internal Server Error");
        return true;
      case "hang":
        hanging.add(res);
        return true;
      default:
        return false;
    }
  }
  const reply = (res: ServerResponse, fields: [string, string][]) =>
    res.end(signed(fields, standIn.mode === "badhash" ? "00000000-0000-0000-0000-000000000000" : integrationKey));

  function initiate(kind: "web" | "mobile", fields: [string, string][], res: ServerResponse) {
    const get = (name: string) => fields.find(([k]) => k.toLowerCase() === name)?.[1] ?? "";
    const refuse = (error: string) =>
      res.end(
        new URLSearchParams([
          ["status", "Error"],
          ["error", error],
        ]).toString(),
      );
    if (get("id") !== integrationId) return refuse("Invalid Id.");
    if (!hashIsValid(fields, integrationKey)) return refuse("Invalid Hash.");
    if (get("status") !== "Message") return refuse("Invalid status field.");
    if (!/^\d+\.\d{2}$/.test(get("amount")) || Number(get("amount")) <= 0) return refuse("Invalid amount field");
    if (!get("reference") || !get("resulturl") || !get("returnurl")) return refuse("Missing required fields.");
    if (transactions.some((t) => t.reference === get("reference"))) return refuse("Duplicate reference.");
    if (kind === "mobile") {
      if (!["ecocash", "onemoney"].includes(get("method"))) return refuse("Invalid payment method.");
      if (!get("authemail")) return refuse("Auth email is required for mobile transactions.");
      if (!/^07\d{8}$/.test(get("phone"))) return refuse("Invalid mobile number.");
      if (get("phone") === "0774444444") return refuse("Insufficient balance");
    }
    const t: StandInTransaction = {
      guid: randomUUID(),
      paynowReference: String(nextReference++),
      kind,
      reference: get("reference"),
      amount: get("amount"),
      additionalInfo: get("additionalinfo"),
      returnUrl: get("returnurl"),
      resultUrl: get("resulturl"),
      authEmail: get("authemail"),
      phone: get("phone"),
      method: get("method"),
      status: kind === "mobile" ? "Sent" : "Created",
    };
    transactions.push(t);
    if (kind === "web") {
      return reply(res, [
        ["status", "Ok"],
        ["browserurl", `${url}/Payment/ConfirmPayment/${t.guid}`],
        ["pollurl", pollUrlOf(t)],
      ]);
    }
    const network = t.method === "ecocash" ? "EcoCash" : "OneMoney";
    return reply(res, [
      ["status", "Ok"],
      ["instructions", `Dial *151*2*4# on ${t.phone} and enter your ${network} PIN to approve the payment of ${t.amount}.`],
      ["paynowreference", t.paynowReference],
      ["pollurl", pollUrlOf(t)],
    ]);
  }

  function payPage(t: StandInTransaction): string {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Paynow stand-in</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem">
<h1>Paynow (test stand-in)</h1>
<p>Pay <strong>${escapeHtml(t.amount)}</strong> for <strong>${escapeHtml(t.additionalInfo || t.reference)}</strong></p>
<p>Reference: <code>${escapeHtml(t.reference)}</code></p>
<form method="post" action="/Payment/ConfirmPayment/${t.guid}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/Payment/ConfirmPayment/${t.guid}/cancel" style="margin-top:1rem"><button type="submit">Cancel</button></form>
</body></html>`;
  }

  const server = createServer(async (req, res) => {
    try {
      const u = new URL(req.url ?? "/", "http://stand-in");
      const path = u.pathname.toLowerCase().replace(/\/+$/, "");
      const body = req.method === "POST" ? await readBody(req) : "";
      const fields = [...new URLSearchParams(body)];
      requests.push({ path: u.pathname, fields });
      res.setHeader("content-type", "text/plain; charset=utf-8");

      if (req.method === "POST" && (path === "/interface/initiatetransaction" || path === "/interface/remotetransaction")) {
        if (misbehave(res)) return;
        return initiate(path.endsWith("remotetransaction") ? "mobile" : "web", fields, res);
      }
      if (req.method === "POST" && path === "/interface/checkpayment") {
        if (misbehave(res)) return;
        const t = transactions.find((x) => x.guid === u.searchParams.get("guid"));
        if (!t) return res.end("status=Error&error=Transaction+not+found");
        return reply(res, statusFields(t));
      }
      if (req.method === "POST" && path === "/__stand-in/settle") {
        const reference = fields.find(([k]) => k === "reference")?.[1] ?? "";
        const status = fields.find(([k]) => k === "status")?.[1] || "Paid";
        const t = transactions.find((x) => x.reference === reference);
        if (!t) return res.writeHead(404).end("No such transaction");
        t.status = status;
        return res.end(String(await deliver(t)));
      }
      const page = /^\/payment\/confirmpayment\/([0-9a-f-]{36})(?:\/(pay|cancel))?$/.exec(path);
      const t = page ? transactions.find((x) => x.guid === page[1]) : undefined;
      if (page && t && req.method === "GET" && !page[2]) {
        res.setHeader("content-type", "text/html; charset=utf-8");
        return res.end(payPage(t));
      }
      if (page && t && req.method === "POST" && page[2]) {
        t.status = page[2] === "pay" ? "Paid" : "Cancelled";
        await deliver(t);
        res.writeHead(303, { location: t.returnUrl });
        return res.end();
      }
      res.writeHead(404).end("Not found");
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, opts.host ?? "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  url = `http://${opts.host ?? "127.0.0.1"}:${port}`;
  standIn.url = url;
  return standIn;
}
