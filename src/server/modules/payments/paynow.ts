import { createHash, timingSafeEqual } from "node:crypto";
import type { PaymentStatus } from "#shared/schemas/payments.ts";

/**
 * Paynow's HTTP protocol (https://developers.paynow.co.zw): form-urlencoded POSTs to /interface/initiatetransaction
 * (web) and /interface/remotetransaction (EcoCash, OneMoney), urlencoded replies, a result POSTed to our result URL
 * on every change, and polling by an empty POST to the transaction's poll URL. Every message either way carries a
 * hash: SHA-512 of its values in order (URL-decoded) followed by the integration key, as upper-case hex. A message
 * whose hash does not match is not Paynow's and nothing in it is believed.
 */

/** A message's fields in the order they came, keys lower-cased (Paynow writes `Status`, `BrowserUrl` …). */
export type PaynowFields = [string, string][];

export type PaynowMobileMethod = "ecocash" | "onemoney";

export type PaynowClientSettings = {
  integrationId: string;
  integrationKey: string;
  /** Paynow's base address (https://www.paynow.co.zw). */
  url: string;
  timeoutMs: number;
};

/** What Paynow says about a transaction: in the result callback and in the answer to a poll. */
export type PaynowStatusMessage = {
  reference: string;
  paynowReference: string;
  amount: string;
  /** As Paynow writes it: "Paid", "Awaiting Delivery", "Cancelled" … */
  status: string;
  pollUrl: string;
};

export type PaynowInitiated = {
  /** Web payments: where to send the payer's browser. */
  browserUrl: string | null;
  pollUrl: string;
  /** Mobile payments: what the payer does on their phone (may be empty). */
  instructions: string;
  paynowReference: string | null;
};

export type InitiateInput = {
  reference: string;
  /** Two decimals, e.g. "1234.50". */
  amount: string;
  additionalInfo: string;
  returnUrl: string;
  resultUrl: string;
  authEmail: string;
};

/**
 * Why talking to Paynow failed: it could not be reached or answered nonsense ("unreachable"), it said no
 * ("refused", with its reason), or its answer was not signed with our key ("unverified").
 */
export class PaynowError extends Error {
  constructor(
    readonly kind: "unreachable" | "refused" | "unverified",
    message: string,
  ) {
    super(message);
    this.name = "PaynowError";
  }
}

/**
 * The hash of a message: the values concatenated in order, then the integration key. Paynow's keys are GUIDs that
 * it hashes in lower case (as its own SDKs do), so a key pasted in capitals still signs the same way.
 */
export function paynowHash(values: readonly string[], integrationKey: string): string {
  return createHash("sha512")
    .update(values.join("") + integrationKey.trim().toLowerCase(), "utf8")
    .digest("hex")
    .toUpperCase();
}

/** A urlencoded message (a reply, a result callback) as fields in order; `+` and %-escapes decoded. */
export function parseMessage(body: string): PaynowFields {
  return [...new URLSearchParams(body.trim())].map(([k, v]) => [k.toLowerCase(), v]);
}

/** The fields with their hash appended, urlencoded: what we send, and what the test stand-in answers. */
export function signMessage(fields: PaynowFields, integrationKey: string): string {
  const hash = paynowHash(
    fields.map(([, v]) => v),
    integrationKey,
  );
  return new URLSearchParams([...fields, ["hash", hash]]).toString();
}

/** Whether a message carries the hash of its other values under our key; compared in constant time. */
export function verifyMessage(fields: PaynowFields, integrationKey: string): boolean {
  const given = fields.find(([k]) => k === "hash")?.[1];
  if (!given) return false;
  const expected = paynowHash(
    fields.filter(([k]) => k !== "hash").map(([, v]) => v),
    integrationKey,
  );
  const a = Buffer.from(given.trim().toUpperCase(), "utf8");
  const b = Buffer.from(expected, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

function field(fields: PaynowFields, name: string): string | undefined {
  return fields.find(([k]) => k === name)?.[1];
}

/** Paynow's status words as our payment statuses ("Awaiting Delivery" → awaiting_delivery); null when unknown. */
export function paymentStatusOf(status: string): PaymentStatus | null {
  const known: Record<string, PaymentStatus> = {
    created: "created",
    sent: "sent",
    paid: "paid",
    "awaiting delivery": "awaiting_delivery",
    delivered: "delivered",
    cancelled: "cancelled",
    canceled: "cancelled",
    failed: "failed",
    disputed: "disputed",
    refunded: "refunded",
  };
  return known[status.trim().toLowerCase().replace(/\s+/g, " ")] ?? null;
}

export type PaynowClient = ReturnType<typeof createPaynowClient>;

export function createPaynowClient(settings: PaynowClientSettings, fetchImpl: typeof fetch = fetch) {
  const base = new URL(settings.url);
  const baseHost = base.hostname.replace(/^www\./, "");

  /**
   * Poll and browser URLs come inside signed replies, yet we still only follow ones on Paynow's own host (or a
   * subdomain of it): a leaked key must not turn the server into a proxy, nor the dealer's browser into a redirect.
   */
  function onPaynow(url: string | undefined): url is string {
    if (!url) return false;
    try {
      const u = new URL(url);
      if (u.protocol !== base.protocol && u.protocol !== "https:") return false;
      return (u.hostname === base.hostname || u.hostname === baseHost || u.hostname.endsWith(`.${baseHost}`)) && u.port === base.port;
    } catch {
      return false;
    }
  }

  async function post(url: string, body: string): Promise<PaynowFields> {
    let text: string;
    try {
      const res = await fetchImpl(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/plain, */*" },
        body,
        redirect: "error",
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      if (!res.ok) throw new PaynowError("unreachable", `Paynow answered HTTP ${res.status}.`);
      text = await res.text();
    } catch (err) {
      if (err instanceof PaynowError) throw err;
      const timedOut = (err as Error).name === "TimeoutError" || (err as Error).name === "AbortError";
      throw new PaynowError("unreachable", timedOut ? "Paynow did not answer in time." : "Paynow could not be reached.");
    }
    const fields = parseMessage(text);
    if (fields.length === 0) throw new PaynowError("unreachable", "Paynow's answer was empty.");
    return fields;
  }

  /** An initiate request's reply: Error (unsigned, with its reason) or Ok (signed). */
  function initiated(fields: PaynowFields, mobile: boolean): PaynowInitiated {
    const status = field(fields, "status")?.toLowerCase();
    if (status === "error") throw new PaynowError("refused", field(fields, "error")?.trim() || "Paynow refused the payment.");
    if (status !== "ok") throw new PaynowError("unreachable", "Paynow's answer was not understood.");
    if (!verifyMessage(fields, settings.integrationKey)) throw new PaynowError("unverified", "Paynow's answer could not be verified.");
    const pollUrl = field(fields, "pollurl");
    const browserUrl = field(fields, "browserurl") || null;
    if (!onPaynow(pollUrl) || (browserUrl !== null && !onPaynow(browserUrl)) || (!mobile && browserUrl === null)) {
      throw new PaynowError("unverified", "Paynow's answer could not be verified.");
    }
    return {
      browserUrl,
      pollUrl,
      instructions: field(fields, "instructions")?.trim() ?? "",
      paynowReference: field(fields, "paynowreference") || null,
    };
  }

  function statusMessage(fields: PaynowFields): PaynowStatusMessage {
    if (!verifyMessage(fields, settings.integrationKey)) throw new PaynowError("unverified", "The message is not signed by Paynow.");
    return {
      reference: field(fields, "reference") ?? "",
      paynowReference: field(fields, "paynowreference") ?? "",
      amount: field(fields, "amount") ?? "",
      status: field(fields, "status") ?? "",
      pollUrl: field(fields, "pollurl") ?? "",
    };
  }

  function common(input: InitiateInput): PaynowFields {
    return [
      ["id", settings.integrationId],
      ["reference", input.reference],
      ["amount", input.amount],
      ["additionalinfo", input.additionalInfo],
      ["returnurl", input.returnUrl],
      ["resulturl", input.resultUrl],
      ["authemail", input.authEmail],
    ];
  }

  return {
    /** A web payment (card, Paynow wallet, any method on Paynow's page): the payer's browser goes to `browserUrl`. */
    async initiate(input: InitiateInput): Promise<PaynowInitiated> {
      const body = signMessage([...common(input), ["status", "Message"]], settings.integrationKey);
      return initiated(await post(`${settings.url}/interface/initiatetransaction`, body), false);
    },

    /** Express checkout: Paynow pushes a prompt to the payer's EcoCash or OneMoney phone. */
    async initiateMobile(input: InitiateInput & { phone: string; method: PaynowMobileMethod }): Promise<PaynowInitiated> {
      const body = signMessage(
        [...common(input), ["phone", input.phone], ["method", input.method], ["status", "Message"]],
        settings.integrationKey,
      );
      return initiated(await post(`${settings.url}/interface/remotetransaction`, body), true);
    },

    /** The transaction's current status from its poll URL (an empty POST), verified. */
    async poll(pollUrl: string): Promise<PaynowStatusMessage> {
      if (!onPaynow(pollUrl)) throw new PaynowError("unverified", "The poll URL is not Paynow's.");
      const fields = await post(pollUrl, "");
      if (field(fields, "status")?.toLowerCase() === "error" && !field(fields, "hash")) {
        throw new PaynowError("refused", field(fields, "error")?.trim() || "Paynow could not find the transaction.");
      }
      return statusMessage(fields);
    },

    /** A result callback's body, verified; throws PaynowError("unverified") when its hash does not match. */
    parseResult(body: string): PaynowStatusMessage {
      return statusMessage(parseMessage(body));
    },
  };
}
