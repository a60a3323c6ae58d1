import { generateKeyPairSync, type KeyObject, randomUUID, sign, verify, X509Certificate } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, type Server } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import type { TLSSocket } from "node:tls";
import { issueCertificate, parseCertificateRequest } from "#server/modules/fiscal/der.ts";
import { countReceipt, dayString, type StandInDay, sortedDayCounters, stoppingErrors } from "./day.ts";
import { cents, receiptErrors, type StandInTax, type StoredReceipt, sha256, type WireReceipt } from "./rules.ts";
import { schemaErrors } from "./schema.ts";
import { hararePlain, readJson, serverSignatureString } from "./wire.ts";

export type { StandInDay } from "./day.ts";
export type { StandInTax, StoredReceipt as StandInReceipt } from "./rules.ts";
export { certificateThumbprint, hararePlain, serverSignatureString } from "./wire.ts";

export type FdmsStandInMode = "ok" | "http503" | "slow" | "lose-reply";
type Flag = { validationErrorCode: string; validationErrorColor: "Red" | "Grey" | "Gray" | "Yellow" };

export type FdmsStandIn = {
  url: string;
  /** The stand-in CA's certificate (PEM): the client's trust anchor for the stand-in's server certificate. */
  caCertificate: string;
  /** The certificate (PEM) whose key signs the answers to receipts (receiptServerSignature; FDMS_SERVER_CERT_FILE). */
  signingCertificate: string;
  deviceId: number;
  activationKey: string;
  serialNo: string;
  qrUrl: string;
  /** getConfig's applicableTaxes, with their validity (SW Tax: validFrom, validTill). */
  taxes: StandInTax[];
  /** Currencies FDMS accepts (RCPT010). */
  currencies: string[];
  /** getConfig's vatNumber; null: the taxpayer is not a VAT payer (RCPT021, RCPT047). */
  vatNumber: string | null;
  taxPayerDayMaxHrs: number;
  /** How the colour of a missing previous receipt is spelt: the API's "Grey", or the test environment's "Gray". */
  greySpelling: "Grey" | "Gray";
  /** getConfig's deviceOperatingMode; "Offline": getStatus, openDay, submitReceipt and closeDay answer DEV01 (API §7.4). */
  operatingMode: "Online" | "Offline";
  /** FDMS's clock (RCPT031); the real clock unless a test sets it. */
  now: () => Date;
  mode: FdmsStandInMode;
  slowMs: number;
  /** The operation whose answer "lose-reply" drops (SubmitReceipt unless changed). */
  loseReplyOf: string;
  receipts: StoredReceipt[];
  /** Validation errors added to the next stored receipt's own (FDMS answers HTTP 200 with them, API §8.2.1); used once. */
  flagNext: Flag[] | null;
  /** The next submitReceipt is refused with this problem (nothing stored); used once. */
  refuseNext(errorCode: string, status?: number, title?: string): void;
  /** ZIMRA (or the taxpayer's portal) closes the open day by hand, whatever its receipts (API §2.3). */
  closeDayManually(): void;
  days: StandInDay[];
  /** Every call: operation and HTTP status answered. */
  calls: { operation: string; status: number }[];
  registered(): boolean;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A local stand-in for ZIMRA's FDMS (Fiscal Device Gateway API v7.2), for the API tests, strict to the published
 * contract (decision 016, "Rules relied on", rows 1–36 and 46–51). Written from the API on its own — its signature
 * strings, counters and rules are not the site's (fdms-protocol.ts); only the DER encoding of certificates is shared.
 * - HTTPS with its own CA; device endpoints require the client certificate it issued (mutual TLS).
 * - submitReceipt: the body is checked against ZIMRA's test OpenAPI (receipt-schema.json): a failure is HTTP 400
 *   ValidationProblemDetails, nothing stored. A closed day (or one closing) is 422 RCPT01. Otherwise the receipt is
 *   stored, counted and signed by the server, and answered HTTP 200 with its validationErrors (rules.ts). The same
 *   receipt again (global number and hash) gets its original answer with a new operationID.
 * - closeDay: the counters and the day's signature are checked, and the day's receipts: FiscalDayClosed, or
 *   FiscalDayCloseFailed with fiscalDayClosingErrorCode BadCertificateSignature, MissingReceipts (Grey),
 *   ReceiptsWithValidationErrors (Red) or CountersMismatch, in that order. Receipts are taken while the close failed.
 * - test controls: `down()` / `up()`, `mode` "http503" / "slow" / "lose-reply", `flagNext`, `refuseNext()`,
 *   `closeDayManually()`, `greySpelling`, `calls`, `receipts`, `days`.
 */
export async function startFdmsStandIn(
  opts: { deviceId?: number; activationKey?: string; serialNo?: string; certificateDays?: number } = {},
): Promise<FdmsStandIn> {
  const deviceId = opts.deviceId ?? 24455;
  const activationKey = opts.activationKey ?? "00544726";
  const serialNo = opts.serialNo ?? "SOLAR-VD-001";
  const caKeys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const caName = { C: "ZW", O: "FDMS stand-in", CN: "FDMS stand-in CA" };
  const year = 365 * 24 * 3_600_000;
  const validity = { notBefore: new Date(Date.now() - 3_600_000), notAfter: new Date(Date.now() + year) };
  const caCertificate = issueCertificate({
    serial: 1,
    subject: caName,
    issuer: caName,
    publicKey: caKeys.publicKey,
    signingKey: caKeys.privateKey,
    ...validity,
    ca: true,
  });
  const serverKeys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const serverCertificate = issueCertificate({
    serial: 2,
    subject: { CN: "localhost" },
    issuer: caName,
    publicKey: serverKeys.publicKey,
    signingKey: caKeys.privateKey,
    ...validity,
    altNames: { ips: ["127.0.0.1"], dns: ["localhost"] },
    usage: "server",
  });
  // FDMS's own signing key and certificate for receiptServerSignature (API §13.2.2).
  const signingKeys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const signingCertificate = issueCertificate({
    serial: 3,
    subject: { C: "ZW", O: "Zimbabwe Revenue Authority", CN: "FDMS stand-in receipt signing" },
    issuer: caName,
    publicKey: signingKeys.publicKey,
    signingKey: caKeys.privateKey,
    ...validity,
    usage: "client",
  });
  const thumbprint = new X509Certificate(signingCertificate).fingerprint.replaceAll(":", "").toUpperCase();
  let nextSerial = 100;
  let nextReceiptID = 5000;
  let devicePublicKey: KeyObject | null = null;
  let deviceFingerprint: string | null = null;
  let lastFiscalDayNo = 0;
  let lastReceiptGlobalNo = 0;
  let refusal: { errorCode: string; status: number; title: string } | null = null;
  const sockets = new Set<Socket>();

  const standIn: FdmsStandIn = {
    url: "",
    caCertificate,
    signingCertificate,
    deviceId,
    activationKey,
    serialNo,
    qrUrl: "https://fdmstest.zimra.co.zw",
    taxes: [
      { taxID: 1, taxName: "Exempt", validFrom: "2023-01-01T00:00:00" },
      { taxID: 2, taxPercent: 0, taxName: "Zero rated 0%", validFrom: "2023-01-01T00:00:00" },
      { taxID: 3, taxPercent: 15.5, taxName: "Standard rated 15.5%", validFrom: "2023-01-01T00:00:00" },
    ],
    currencies: ["USD", "ZWG", "ZAR", "BWP", "GBP", "EUR"],
    vatNumber: "220123456",
    taxPayerDayMaxHrs: 24,
    greySpelling: "Grey",
    operatingMode: "Online",
    now: () => new Date(),
    mode: "ok",
    slowMs: 2_000,
    loseReplyOf: "SubmitReceipt",
    receipts: [],
    flagNext: null,
    refuseNext(errorCode, status = 422, title = "Refused by the test") {
      refusal = { errorCode, status, title };
    },
    closeDayManually() {
      const day = openDay();
      if (!day) return;
      day.status = "FiscalDayClosed";
      day.closedAt = hararePlain(standIn.now());
      delete day.closingErrorCode;
    },
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
    const cn = `ZIMRA-${serialNo}-${String(deviceId).padStart(10, "0")}`;
    if (csr.commonName !== cn) return { error: `Certificate request subject CN must be ${cn}` };
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
  /** ApiProblemDetails (API §8). */
  const problem = (status: number, errorCode: string, title: string): Answer => ({
    status,
    body: { type: `https://httpstatuses.io/${status}`, title, status, detail: title, errorCode, operationID: randomUUID() },
  });
  const spelt = (color: string) => (color === "Grey" ? standIn.greySpelling : color);

  /** FDMS's answer to a stored receipt (SubmitReceiptResponse), with a new operationID each time. */
  const receiptAnswer = (x: StoredReceipt): Answer =>
    ok({
      receiptID: x.receiptID,
      serverDate: x.serverDate,
      receiptServerSignature: x.receiptServerSignature,
      validationErrors: x.validationErrors.map((e) => ({ validationErrorCode: e.code, validationErrorColor: spelt(e.color) })),
    });

  function submitReceipt(body: unknown): Answer {
    const invalid = schemaErrors(body);
    if (invalid) {
      return {
        status: 400,
        body: {
          type: "https://tools.ietf.org/html/rfc9110#section-15.5.1",
          title: "One or more validation errors occurred.",
          status: 400,
          errors: invalid,
          traceId: randomUUID(),
        },
      };
    }
    if (refusal) {
      const r = refusal;
      refusal = null;
      return problem(r.status, r.errorCode, r.title);
    }
    const r = (body as { receipt: WireReceipt }).receipt;
    // The same receipt again (device, global number, hash): its original answer, nothing stored (API §4.7).
    const before = standIn.receipts.find(
      (x) => x.receipt.receiptGlobalNo === r.receiptGlobalNo && x.receipt.receiptDeviceSignature.hash === r.receiptDeviceSignature.hash,
    );
    if (before) return receiptAnswer(before);
    const day = openDay();
    if (!day || (day.status !== "FiscalDayOpened" && day.status !== "FiscalDayCloseFailed")) {
      return problem(422, "RCPT01", day ? "Fiscal day is being closed" : "Fiscal day is not opened");
    }
    const errors = receiptErrors(
      {
        deviceID: deviceId,
        day,
        lastReceiptGlobalNo,
        receipts: standIn.receipts,
        taxes: standIn.taxes,
        currencies: standIn.currencies,
        vatNumber: standIn.vatNumber,
        taxPayerDayMaxHrs: standIn.taxPayerDayMaxHrs,
        now: hararePlain(standIn.now()),
        allowedMinutesAhead: 5,
        devicePublicKey,
      },
      r,
    );
    for (const f of standIn.flagNext ?? []) {
      errors.push({ code: f.validationErrorCode, color: f.validationErrorColor === "Gray" ? "Grey" : f.validationErrorColor });
    }
    standIn.flagNext = null;
    countReceipt(day, r);
    day.receiptCounter = r.receiptCounter;
    day.lastHash = r.receiptDeviceSignature.hash;
    day.lastDate = r.receiptDate;
    lastReceiptGlobalNo = r.receiptGlobalNo;
    const receiptID = nextReceiptID++;
    const serverDate = hararePlain(standIn.now());
    const text = serverSignatureString(r.receiptDeviceSignature.signature, receiptID, serverDate);
    const stored: StoredReceipt = {
      receiptID,
      fiscalDayNo: day.fiscalDayNo,
      receipt: r,
      serverDate,
      receiptServerSignature: {
        certificateThumbprint: thumbprint,
        hash: sha256(text),
        signature: sign("sha256", Buffer.from(text, "utf8"), signingKeys.privateKey).toString("base64"),
      },
      validationErrors: errors,
    };
    standIn.receipts.push(stored);
    return receiptAnswer(stored);
  }

  type CloseBody = {
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

  function closeDay(body: unknown): Answer {
    const b = body as CloseBody;
    const day = openDay();
    if (day?.status === "FiscalDayCloseInitiated") return problem(422, "FISC03", "Fiscal day close is in progress");
    if (!day) return problem(422, "FISC04", "Fiscal day is not opened");
    if (b?.fiscalDayNo !== day.fiscalDayNo) return problem(422, "FISC04", "Fiscal day number is incorrect");
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
    // The reasons in the API's order (§5.4.9): the first that applies is given.
    const { grey, red } = stoppingErrors(day, standIn.receipts);
    const reason = !signed
      ? "BadCertificateSignature"
      : grey.length > 0
        ? "MissingReceipts"
        : red.length > 0
          ? "ReceiptsWithValidationErrors"
          : b.receiptCounter !== day.receiptCounter || mine.join(";") !== theirs.join(";")
            ? "CountersMismatch"
            : null;
    if (reason) {
      day.status = "FiscalDayCloseFailed";
      day.closingErrorCode = reason;
    } else {
      day.status = "FiscalDayClosed";
      day.closedAt = hararePlain(standIn.now());
      delete day.closingErrorCode;
    }
    return ok({});
  }

  function device(operation: string, body: unknown, peer: X509Certificate): Answer {
    if (standIn.operatingMode === "Offline" && ["GetStatus", "OpenDay", "SubmitReceipt", "CloseDay"].includes(operation)) {
      return problem(422, "DEV01", "Device is in Offline operating mode");
    }
    switch (operation) {
      case "GetConfig":
        return ok({
          taxPayerName: "Solar Demo (Pvt) Ltd",
          taxPayerTIN: "2000123456",
          ...(standIn.vatNumber ? { vatNumber: standIn.vatNumber } : {}),
          deviceSerialNo: serialNo,
          deviceBranchName: "Harare",
          deviceOperatingMode: standIn.operatingMode,
          taxPayerDayMaxHrs: standIn.taxPayerDayMaxHrs,
          taxpayerDayEndNotificationHrs: 2,
          applicableTaxes: standIn.taxes,
          certificateValidTill: peer.validTo ? new Date(peer.validTo).toISOString() : null,
          qrUrl: standIn.qrUrl,
        });
      case "GetStatus": {
        const day = standIn.days.at(-1);
        return ok({
          fiscalDayStatus: day?.status ?? "FiscalDayClosed",
          ...(day?.closedAt ? { fiscalDayClosed: day.closedAt } : {}),
          ...(day?.closingErrorCode ? { fiscalDayClosingErrorCode: day.closingErrorCode } : {}),
          lastReceiptGlobalNo,
          lastFiscalDayNo,
        });
      }
      case "OpenDay": {
        const b = body as { fiscalDayNo?: number; fiscalDayOpened?: string } | null;
        if (openDay()) return problem(422, "FISC01", "Open new fiscal day is not possible while current fiscal day is not closed.");
        if (b?.fiscalDayNo !== lastFiscalDayNo + 1) return problem(422, "FISC04", "Fiscal day number is not sequential");
        if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/.test(b.fiscalDayOpened ?? "")) return problem(400, "FISC05", "fiscalDayOpened is invalid");
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
        return ok({ fiscalDayNo: b.fiscalDayNo });
      }
      case "SubmitReceipt":
        return submitReceipt(body);
      case "CloseDay":
        return closeDay(body);
      case "IssueCertificate": {
        const issued = certify((body as { certificateRequest?: string } | null)?.certificateRequest);
        return "error" in issued ? problem(422, "DEV03", issued.error) : ok(issued);
      }
      case "Ping":
        return ok({ reportingFrequency: 5 });
      default:
        return problem(404, "NOTFOUND", "Not found");
    }
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
    return out(device(operation, body, peer));
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
  for (const event of ["connection", "secureConnection"] as const) {
    server.on(event, (s: Socket) => {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
    });
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as AddressInfo).port;
  standIn.url = `https://127.0.0.1:${port}`;
  return standIn;
}
