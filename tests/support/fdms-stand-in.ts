import { createHash, generateKeyPairSync, type KeyObject, randomUUID, sign, verify, X509Certificate } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, type Server } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import type { TLSSocket } from "node:tls";
import { issueCertificate, parseCertificateRequest } from "#server/modules/fiscal/der.ts";

/**
 * A local stand-in for ZIMRA's FDMS (Fiscal Device Gateway API v7.2), for the API tests. Written from the published
 * API on its own — its signature strings, counters and checks are not the site's (fdms-protocol.ts), so a mistake in
 * one is not hidden by the other; only the DER encoding of certificates is shared (der.ts).
 * - HTTPS with its own CA; the device endpoints (/Device/v1/{id}/…) require the client certificate it issued to that
 *   device (mutual TLS); the public ones (/Public/v1/{id}/…) do not.
 * - verifyTaxpayerInformation and registerDevice (activation key and serial checked; the CSR's CN must be
 *   ZIMRA-<serial>-<10-digit device ID>, its signature the key's own), issueCertificate, getConfig, getStatus, openDay,
 *   submitReceipt, closeDay, ping.
 * - submitReceipt checks the day is open, the receipt counter and global number follow on, the invoice number is new,
 *   the date is not before the day or the previous receipt, the taxes are configured and add up, a credit note names
 *   a receipt, and the device signature: the hash of its own signature string (with the day's previous hash) and the
 *   signature with the device's public key. A receipt that fails is refused with HTTP 422 and the API's problem
 *   details (errorCode RCPT…) — stricter than FDMS, which records most of these as red validation errors and then
 *   refuses to close the day.
 * - closeDay compares the counters with its own and checks the day's signature: Closed, or CloseFailed with
 *   fiscalDayClosingErrorCode (CountersMismatch, BadCertificateSignature).
 * - test controls: `down()` / `up()` (connections refused on the same port), `mode` "http503" / "slow" (answers after
 *   `slowMs`) / "lose-reply" (`loseReplyOf`, submitReceipt by default, does the work and drops the connection before answering).
 */

export type StandInReceipt = {
  receiptID: number;
  fiscalDayNo: number;
  receipt: Record<string, unknown> & {
    receiptType: string;
    receiptCurrency: string;
    receiptCounter: number;
    receiptGlobalNo: number;
    invoiceNo: string;
    receiptDate: string;
    receiptTotal: number;
    receiptLines: { receiptLineType: string; receiptLineHSCode?: string; receiptLinePrice?: number; receiptLineTotal: number }[];
    receiptTaxes: { taxCode?: string; taxPercent?: number; taxID: number; taxAmount: number; salesAmountWithTax: number }[];
    receiptPayments: { moneyTypeCode: string; paymentAmount: number }[];
    receiptDeviceSignature: { hash: string; signature: string };
    creditDebitNote?: { receiptID?: number; deviceID?: number; receiptGlobalNo?: number; fiscalDayNo?: number };
  };
};

export type StandInDay = {
  fiscalDayNo: number;
  fiscalDayOpened: string;
  status: "FiscalDayOpened" | "FiscalDayCloseInitiated" | "FiscalDayClosed" | "FiscalDayCloseFailed";
  receiptCounter: number;
  lastHash: string | null;
  lastDate: string | null;
  /** key → cents */
  counters: Map<string, { type: string; currency: string; taxID?: number; taxPercent?: number; moneyType?: string; cents: number }>;
  closingErrorCode?: string;
  closedAt?: string;
};

export type FdmsStandInMode = "ok" | "http503" | "slow" | "lose-reply";

export type FdmsStandIn = {
  url: string;
  /** The stand-in CA's certificate (PEM): the client's trust anchor for the stand-in's server certificate. */
  caCertificate: string;
  deviceId: number;
  activationKey: string;
  serialNo: string;
  qrUrl: string;
  taxes: { taxID: number; taxPercent?: number; taxName: string }[];
  mode: FdmsStandInMode;
  slowMs: number;
  /** The operation whose answer "lose-reply" drops (SubmitReceipt unless changed). */
  loseReplyOf: string;
  receipts: StandInReceipt[];
  /**
   * Validation errors the next accepted receipt is answered with (FDMS keeps such a receipt and answers HTTP 200 with
   * them, API §8.2.1); used once.
   */
  flagNext: { validationErrorCode: string; validationErrorColor: "Red" | "Grey" | "Gray" | "Yellow" }[] | null;
  days: StandInDay[];
  /** Every call: method, operation and HTTP status answered. */
  calls: { operation: string; status: number }[];
  registered(): boolean;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
};

const cents = (n: number) => Math.round(n * 100);

/**
 * The line rules (API §4.7): an HS code on every line (the stand-in's taxpayer is a VAT payer, RCPT047/048), a Sale
 * priced above 0 (below 0 on a credit note) and a Discount below 0 on an invoice (RCPT022).
 */
function receiptLineProblem(r: StandInReceipt["receipt"]): [string, string] | null {
  const credit = r.receiptType === "CreditNote";
  for (const l of r.receiptLines ?? []) {
    if (!/^(\d{4}|\d{8})$/.test(l.receiptLineHSCode ?? "")) return ["RCPT047", "HS code must be sent if taxpayer is a VAT payer"];
    const total = l.receiptLineTotal;
    const wrong = l.receiptLineType === "Discount" ? !credit && total >= 0 : credit ? total >= 0 : total <= 0;
    if (wrong) return ["RCPT022", "Invoice sales line price must be greater than 0, discount line price must be less than 0"];
  }
  return null;
}
const pct = (p: number | undefined) => (p === undefined ? "" : p.toFixed(2));

/** The receipt signature string, written from the API document §13.2.1. */
function receiptString(deviceID: number, r: StandInReceipt["receipt"], previousHash: string | null): string {
  const taxes = [...r.receiptTaxes]
    .sort((a, b) => a.taxID - b.taxID || (a.taxCode ?? "").localeCompare(b.taxCode ?? ""))
    .map((t) => (t.taxCode ?? "") + pct(t.taxPercent) + String(cents(t.taxAmount)) + String(cents(t.salesAmountWithTax)))
    .join("");
  return [
    String(deviceID),
    r.receiptType.toUpperCase(),
    r.receiptCurrency.toUpperCase(),
    String(r.receiptGlobalNo),
    r.receiptDate,
    String(cents(r.receiptTotal)),
    taxes,
    previousHash ?? "",
  ].join("");
}

const COUNTER_ORDER = [
  "SaleByTax",
  "SaleTaxByTax",
  "CreditNoteByTax",
  "CreditNoteTaxByTax",
  "DebitNoteByTax",
  "DebitNoteTaxByTax",
  "BalanceByMoneyType",
];

function sortedDayCounters(day: StandInDay) {
  return [...day.counters.values()]
    .filter((c) => c.cents !== 0)
    .sort(
      (a, b) =>
        COUNTER_ORDER.indexOf(a.type) - COUNTER_ORDER.indexOf(b.type) ||
        (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0) ||
        (a.taxID ?? 0) - (b.taxID ?? 0) ||
        (a.moneyType ?? "").localeCompare(b.moneyType ?? ""),
    );
}

/** The fiscal day signature string, written from the API document §13.3.1. */
function dayString(deviceID: number, day: StandInDay): string {
  const counters = sortedDayCounters(day)
    .map(
      (c) =>
        c.type.toUpperCase() + c.currency.toUpperCase() + (c.moneyType ? c.moneyType.toUpperCase() : pct(c.taxPercent)) + String(c.cents),
    )
    .join("");
  return `${deviceID}${day.fiscalDayNo}${day.fiscalDayOpened.slice(0, 10)}${counters}`;
}

function sha256(text: string) {
  return createHash("sha256").update(text, "utf8").digest("base64");
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      try {
        resolve(text ? JSON.parse(text) : {});
      } catch {
        resolve(null);
      }
    });
  });
}

export async function startFdmsStandIn(
  opts: { deviceId?: number; activationKey?: string; serialNo?: string; certificateDays?: number } = {},
): Promise<FdmsStandIn> {
  const deviceId = opts.deviceId ?? 24455;
  const activationKey = opts.activationKey ?? "00544726";
  const serialNo = opts.serialNo ?? "SOLAR-VD-001";
  const caKeys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const caName = { C: "ZW", O: "FDMS stand-in", CN: "FDMS stand-in CA" };
  const year = 365 * 24 * 3_600_000;
  const caCertificate = issueCertificate({
    serial: 1,
    subject: caName,
    issuer: caName,
    publicKey: caKeys.publicKey,
    signingKey: caKeys.privateKey,
    notBefore: new Date(Date.now() - 3_600_000),
    notAfter: new Date(Date.now() + 5 * year),
    ca: true,
  });
  const serverKeys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const serverCertificate = issueCertificate({
    serial: 2,
    subject: { CN: "localhost" },
    issuer: caName,
    publicKey: serverKeys.publicKey,
    signingKey: caKeys.privateKey,
    notBefore: new Date(Date.now() - 3_600_000),
    notAfter: new Date(Date.now() + year),
    altNames: { ips: ["127.0.0.1"], dns: ["localhost"] },
    usage: "server",
  });
  let nextSerial = 100;
  let nextReceiptID = 5000;
  let devicePublicKey: KeyObject | null = null;
  let deviceFingerprint: string | null = null;
  let lastFiscalDayNo = 0;
  let lastReceiptGlobalNo = 0;
  const sockets = new Set<Socket>();

  const standIn: FdmsStandIn = {
    url: "",
    caCertificate,
    deviceId,
    activationKey,
    serialNo,
    qrUrl: "https://fdmstest.zimra.co.zw",
    taxes: [
      { taxID: 1, taxName: "Exempt" },
      { taxID: 2, taxPercent: 0, taxName: "Zero rated 0%" },
      { taxID: 3, taxPercent: 15.5, taxName: "Standard rated 15.5%" },
    ],
    mode: "ok",
    slowMs: 2_000,
    loseReplyOf: "SubmitReceipt",
    receipts: [],
    flagNext: null,
    days: [],
    calls: [],
    registered: () => devicePublicKey !== null,
    down: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    up: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve())),
    async close() {
      for (const s of sockets) s.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const openDay = () => standIn.days.find((d) => d.status !== "FiscalDayClosed");

  function certify(csrPem: unknown): { certificate: string } | { error: string } {
    if (typeof csrPem !== "string") return { error: "Certificate request is missing" };
    let csr: ReturnType<typeof parseCertificateRequest>;
    try {
      csr = parseCertificateRequest(csrPem);
    } catch {
      return { error: "Certificate request is invalid" };
    }
    if (!csr.selfSigned) return { error: "Certificate request signature is invalid" };
    if (csr.commonName !== `ZIMRA-${serialNo}-${String(deviceId).padStart(10, "0")}`) {
      return { error: `Certificate request subject CN must be ZIMRA-${serialNo}-${String(deviceId).padStart(10, "0")}` };
    }
    const certificate = issueCertificate({
      serial: nextSerial++,
      subject: { C: "ZW", O: "Zimbabwe Revenue Authority", CN: csr.commonName },
      issuer: caName,
      publicKey: csr.publicKey,
      signingKey: caKeys.privateKey,
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + (opts.certificateDays ?? 365) * 24 * 3_600_000),
      usage: "client",
    });
    devicePublicKey = csr.publicKey;
    deviceFingerprint = new X509Certificate(certificate).fingerprint256;
    return { certificate };
  }

  type Answer = { status: number; body: unknown };
  const ok = (body: Record<string, unknown>): Answer => ({ status: 200, body: { operationID: randomUUID(), ...body } });
  const problem = (status: number, errorCode: string, title: string): Answer => ({
    status,
    body: { type: `https://httpstatuses.io/${status}`, title, status, errorCode, operationID: randomUUID() },
  });

  function addCounter(day: StandInDay, c: Omit<StandInDay["counters"] extends Map<string, infer V> ? V : never, "cents">, value: number) {
    const key = JSON.stringify([c.type, c.currency, c.taxID ?? null, c.taxPercent ?? null, c.moneyType ?? null]);
    const cur = day.counters.get(key);
    day.counters.set(key, { ...c, cents: (cur?.cents ?? 0) + cents(value) });
  }

  function submitReceipt(body: unknown): Answer {
    const r = (body as { receipt?: StandInReceipt["receipt"] } | null)?.receipt;
    if (!r || typeof r !== "object") return problem(400, "RCPT000", "Receipt is missing");
    const day = openDay();
    if (day?.status !== "FiscalDayOpened") {
      return problem(422, "FISC01", "Fiscal day is not opened");
    }
    if (r.receiptCounter !== day.receiptCounter + 1) return problem(422, "RCPT011", "Receipt counter is not sequential");
    if (r.receiptGlobalNo !== lastReceiptGlobalNo + 1) return problem(422, "RCPT012", "Receipt global number is not sequential");
    if (standIn.receipts.some((x) => x.receipt.invoiceNo === r.invoiceNo)) return problem(422, "RCPT013", "Invoice number is not unique");
    // Strictly later than the day's opening and the previous receipt (API §4.7 receiptDate).
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/.test(r.receiptDate) || r.receiptDate <= day.fiscalDayOpened) {
      return problem(422, "RCPT014", "Receipt date is earlier than fiscal day opening date");
    }
    if (day.lastDate && r.receiptDate <= day.lastDate) return problem(422, "RCPT030", "Receipt date is earlier than previous receipt date");
    const lineProblem = receiptLineProblem(r);
    if (lineProblem) return problem(422, lineProblem[0], lineProblem[1]);
    for (const t of r.receiptTaxes) {
      const tax = standIn.taxes.find((x) => x.taxID === t.taxID);
      if (!tax || tax.taxPercent !== t.taxPercent) return problem(422, "RCPT025", "Invalid tax is used");
    }
    const sum = r.receiptTaxes.reduce((s, t) => s + cents(t.salesAmountWithTax), 0);
    if (sum !== cents(r.receiptTotal)) return problem(422, "RCPT026", "Incorrectly calculated total receipt amount");
    const paid = r.receiptPayments.reduce((s, p) => s + cents(p.paymentAmount), 0);
    if (paid !== cents(r.receiptTotal)) return problem(422, "RCPT039", "Receipt total is not equal to the sum of payments");
    if (r.receiptType === "CreditNote" || r.receiptType === "DebitNote") {
      const ref = r.creditDebitNote;
      const original = standIn.receipts.find(
        (x) =>
          (ref?.receiptID !== undefined && x.receiptID === ref.receiptID) ||
          (ref?.receiptGlobalNo === x.receipt.receiptGlobalNo && ref?.deviceID === deviceId),
      );
      if (!original) return problem(422, "RCPT015", "Credited/debited receipt does not exist");
      if (r.receiptType === "CreditNote" ? cents(r.receiptTotal) >= 0 : cents(r.receiptTotal) <= 0) {
        return problem(422, "RCPT029", "Credit note amounts must be negative, debit note amounts positive");
      }
    } else if (r.receiptType !== "FiscalInvoice") {
      return problem(422, "RCPT010", "Receipt type is not supported");
    }
    const text = receiptString(deviceId, r, day.receiptCounter === 0 ? null : day.lastHash);
    const sig = r.receiptDeviceSignature;
    let signed = false;
    try {
      signed =
        devicePublicKey !== null &&
        verify("sha256", Buffer.from(text, "utf8"), devicePublicKey, Buffer.from(sig?.signature ?? "", "base64"));
    } catch {
      signed = false;
    }
    if (sig?.hash !== sha256(text) || !signed) return problem(422, "RCPT020", "Invalid receipt device signature");
    const [byTax, taxByTax] =
      r.receiptType === "CreditNote"
        ? ["CreditNoteByTax", "CreditNoteTaxByTax"]
        : r.receiptType === "DebitNote"
          ? ["DebitNoteByTax", "DebitNoteTaxByTax"]
          : ["SaleByTax", "SaleTaxByTax"];
    for (const t of r.receiptTaxes) {
      const tax = { taxID: t.taxID, ...(t.taxPercent === undefined ? {} : { taxPercent: t.taxPercent }) };
      addCounter(day, { type: byTax as string, currency: r.receiptCurrency, ...tax }, t.salesAmountWithTax);
      if (t.taxPercent !== undefined) addCounter(day, { type: taxByTax as string, currency: r.receiptCurrency, ...tax }, t.taxAmount);
    }
    for (const p of r.receiptPayments)
      addCounter(day, { type: "BalanceByMoneyType", currency: r.receiptCurrency, moneyType: p.moneyTypeCode }, p.paymentAmount);
    day.receiptCounter = r.receiptCounter;
    day.lastHash = sig.hash;
    day.lastDate = r.receiptDate;
    lastReceiptGlobalNo = r.receiptGlobalNo;
    const receiptID = nextReceiptID++;
    const flagged = standIn.flagNext ?? [];
    standIn.flagNext = null;
    standIn.receipts.push({ receiptID, fiscalDayNo: day.fiscalDayNo, receipt: r });
    const serverHash = sha256(`${sig.signature}${receiptID}`);
    return ok({
      receiptID,
      serverDate: new Date().toISOString().slice(0, 19),
      receiptServerSignature: {
        certificateThumbprint: createHash("sha1").update(caCertificate).digest("hex").toUpperCase(),
        hash: serverHash,
        signature: sign("sha256", Buffer.from(serverHash), caKeys.privateKey).toString("base64"),
      },
      validationErrors: flagged,
    });
  }

  function closeDay(body: unknown): Answer {
    const b = body as {
      fiscalDayNo?: number;
      receiptCounter?: number;
      fiscalDayCounters?: {
        fiscalCounterType: string;
        fiscalCounterCurrency: string;
        fiscalCounterTaxID?: number;
        fiscalCounterTaxPercent?: number;
        fiscalCounterMoneyType?: string;
        fiscalCounterValue: number;
      }[];
      fiscalDayDeviceSignature?: { hash: string; signature: string };
    } | null;
    const day = openDay();
    if (!day || (day.status !== "FiscalDayOpened" && day.status !== "FiscalDayCloseFailed"))
      return problem(422, "FISC02", "Fiscal day is not opened");
    if (b?.fiscalDayNo !== day.fiscalDayNo) return problem(422, "FISC03", "Fiscal day number is incorrect");
    const mine = sortedDayCounters(day).map((c) =>
      [c.type, c.currency, c.taxID ?? null, c.taxPercent ?? null, c.moneyType ?? null, c.cents].join("|"),
    );
    const theirs = (b.fiscalDayCounters ?? []).map((c) =>
      [
        c.fiscalCounterType,
        c.fiscalCounterCurrency,
        c.fiscalCounterTaxID ?? null,
        c.fiscalCounterTaxPercent ?? null,
        c.fiscalCounterMoneyType ?? null,
        cents(c.fiscalCounterValue),
      ].join("|"),
    );
    const text = dayString(deviceId, day);
    let signed = false;
    try {
      signed =
        devicePublicKey !== null &&
        b.fiscalDayDeviceSignature?.hash === sha256(text) &&
        verify("sha256", Buffer.from(text, "utf8"), devicePublicKey, Buffer.from(b.fiscalDayDeviceSignature?.signature ?? "", "base64"));
    } catch {
      signed = false;
    }
    if (b.receiptCounter !== day.receiptCounter || mine.join(";") !== theirs.join(";")) {
      day.status = "FiscalDayCloseFailed";
      day.closingErrorCode = "CountersMismatch";
    } else if (!signed) {
      day.status = "FiscalDayCloseFailed";
      day.closingErrorCode = "BadCertificateSignature";
    } else {
      day.status = "FiscalDayClosed";
      day.closedAt = new Date().toISOString().slice(0, 19);
      delete day.closingErrorCode;
    }
    return ok({});
  }

  async function answer(req: IncomingMessage): Promise<Answer & { operation: string }> {
    const u = new URL(req.url ?? "/", "https://stand-in");
    const m = /^\/(Public|Device)\/v1\/(\d+)\/(\w+)$/.exec(u.pathname);
    if (!m) return { operation: u.pathname, ...problem(404, "NOTFOUND", "Not found") };
    const [, area, id, operation = ""] = m;
    const out = (a: Answer) => ({ operation, ...a });
    if (!req.headers.devicemodelname || !req.headers.devicemodelversion) {
      return out(problem(400, "DEV05", "DeviceModelName and DeviceModelVersion headers are required"));
    }
    if (Number(id) !== deviceId) return out(problem(422, "DEV01", "Device not found or not active"));
    const body = req.method === "POST" ? await readJson(req) : {};
    if (area === "Public") {
      const b = body as { activationKey?: string; deviceSerialNo?: string; certificateRequest?: string } | null;
      if (b?.activationKey !== activationKey) return out(problem(422, "DEV02", "Activation key is incorrect"));
      if (operation === "VerifyTaxpayerInformation") {
        if (b.deviceSerialNo !== serialNo) return out(problem(422, "DEV03", "Device serial number is incorrect"));
        return out(
          ok({ taxPayerName: "Solar Demo (Pvt) Ltd", taxPayerTIN: "2000123456", vatNumber: "220123456", deviceBranchName: "Harare" }),
        );
      }
      if (operation === "RegisterDevice") {
        if (devicePublicKey) return out(problem(422, "DEV04", "Device is already registered"));
        const issued = certify(b.certificateRequest);
        return out("error" in issued ? problem(422, "DEV03", issued.error) : ok(issued));
      }
      return out(problem(404, "NOTFOUND", "Not found"));
    }
    // Device endpoints: the certificate this stand-in issued to this device, over mutual TLS.
    const socket = req.socket as TLSSocket;
    const peer = socket.getPeerX509Certificate?.();
    if (!socket.authorized || !peer || peer.fingerprint256 !== deviceFingerprint) {
      return out(problem(401, "DEV06", "Device certificate is missing, not valid or revoked"));
    }
    switch (operation) {
      case "GetConfig":
        return out(
          ok({
            taxPayerName: "Solar Demo (Pvt) Ltd",
            taxPayerTIN: "2000123456",
            vatNumber: "220123456",
            deviceSerialNo: serialNo,
            deviceBranchName: "Harare",
            deviceOperatingMode: "Online",
            taxPayerDayMaxHrs: 24,
            taxpayerDayEndNotificationHrs: 2,
            applicableTaxes: standIn.taxes,
            certificateValidTill: peer.validTo ? new Date(peer.validTo).toISOString() : null,
            qrUrl: standIn.qrUrl,
          }),
        );
      case "GetStatus": {
        const day = standIn.days.at(-1);
        return out(
          ok({
            fiscalDayStatus: day?.status ?? "FiscalDayClosed",
            ...(day?.closedAt ? { fiscalDayClosed: day.closedAt } : {}),
            ...(day?.closingErrorCode ? { fiscalDayClosingErrorCode: day.closingErrorCode } : {}),
            lastReceiptGlobalNo,
            lastFiscalDayNo,
          }),
        );
      }
      case "OpenDay": {
        const b = body as { fiscalDayNo?: number; fiscalDayOpened?: string } | null;
        if (openDay()) return out(problem(422, "FISC01", "Open day is not allowed: fiscal day is already opened"));
        if (b?.fiscalDayNo !== lastFiscalDayNo + 1) return out(problem(422, "FISC04", "Fiscal day number is not sequential"));
        if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/.test(b.fiscalDayOpened ?? ""))
          return out(problem(400, "FISC05", "fiscalDayOpened is invalid"));
        lastFiscalDayNo = b.fiscalDayNo;
        standIn.days.push({
          fiscalDayNo: b.fiscalDayNo,
          fiscalDayOpened: b.fiscalDayOpened as string,
          status: "FiscalDayOpened",
          receiptCounter: 0,
          lastHash: null,
          lastDate: null,
          counters: new Map(),
        });
        return out(ok({ fiscalDayNo: b.fiscalDayNo }));
      }
      case "SubmitReceipt":
        return out(submitReceipt(body));
      case "CloseDay":
        return out(closeDay(body));
      case "IssueCertificate": {
        const issued = certify((body as { certificateRequest?: string } | null)?.certificateRequest);
        return out("error" in issued ? problem(422, "DEV03", issued.error) : ok(issued));
      }
      case "Ping":
        return out(ok({ reportingFrequency: 5 }));
      default:
        return out(problem(404, "NOTFOUND", "Not found"));
    }
  }

  const server: Server = createServer(
    {
      key: serverKeys.privateKey.export({ type: "pkcs8", format: "pem" }),
      cert: serverCertificate,
      ca: caCertificate,
      requestCert: true,
      rejectUnauthorized: false,
    },
    async (req: IncomingMessage, res: ServerResponse) => {
      try {
        if (standIn.mode === "http503") {
          standIn.calls.push({ operation: req.url ?? "", status: 503 });
          res.writeHead(503, { "content-type": "text/plain" }).end("Service Unavailable");
          return;
        }
        if (standIn.mode === "slow") await new Promise((r) => setTimeout(r, standIn.slowMs));
        const a = await answer(req);
        standIn.calls.push({ operation: a.operation, status: a.status });
        if (standIn.mode === "lose-reply" && a.operation === standIn.loseReplyOf) {
          req.socket.destroy();
          return;
        }
        res
          .writeHead(a.status, { "content-type": a.status >= 400 ? "application/problem+json" : "application/json" })
          .end(JSON.stringify(a.body));
      } catch (err) {
        res.writeHead(500).end(String(err));
      }
    },
  );
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  server.on("secureConnection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as AddressInfo).port;
  standIn.url = `https://127.0.0.1:${port}`;
  return standIn;
}
