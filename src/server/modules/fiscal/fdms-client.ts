import { Agent, request } from "node:https";
import type { FdmsAddress } from "#shared/fdms-seller.ts";
import type { FdmsApplicableTax, FdmsReceipt, FdmsSignature, FiscalCounter } from "./fdms-protocol.ts";

/**
 * ZIMRA FDMS's HTTP API (Fiscal Device Gateway API v7.2) over HTTPS with Node's https module: the public endpoints
 * (/Public/v1/{deviceID}/…: verifyTaxpayerInformation, registerDevice) need no client certificate; the device
 * endpoints (/Device/v1/{deviceID}/…) are authenticated by the device's certificate and key (mutual TLS). Every call
 * sends the DeviceModelName and DeviceModelVersion headers and has a timeout. JSON both ways; a refusal is a problem
 * details body with FDMS's errorCode.
 */

export type FdmsClientSettings = {
  /** https://fdmsapi.zimra.co.zw (production), https://fdmsapitest.zimra.co.zw (test), or a stand-in. */
  url: string;
  deviceId: number;
  modelName: string;
  modelVersion: string;
  timeoutMs: number;
  /** Extra trust anchors for FDMS's server certificate (PEM); unset: the system's. */
  ca?: string | undefined;
};

export type DeviceCredentials = { certificate: string; privateKey: string };

/**
 * Why a call failed: FDMS could not be reached, timed out or answered 5xx ("unreachable": try again later), or it
 * refused the request (4xx, with its errorCode: RCPT…, FISC…, DEV…).
 */
export class FdmsError extends Error {
  constructor(
    readonly kind: "unreachable" | "refused",
    message: string,
    readonly status: number | null = null,
    readonly errorCode: string | null = null,
  ) {
    super(message);
    this.name = "FdmsError";
  }
}

export type FdmsConfigAnswer = {
  operationID: string;
  taxPayerName: string;
  taxPayerTIN: string;
  vatNumber?: string;
  deviceSerialNo: string;
  deviceBranchName: string;
  /** The branch's address (API §5.1): printed as the seller's address when given (decision 016, "The seller"). */
  deviceBranchAddress?: FdmsAddress;
  deviceOperatingMode: "Online" | "Offline";
  taxPayerDayMaxHrs: number;
  taxpayerDayEndNotificationHrs?: number;
  applicableTaxes: FdmsApplicableTax[];
  certificateValidTill: string;
  qrUrl: string;
};

export type FdmsDayStatus = "FiscalDayClosed" | "FiscalDayOpened" | "FiscalDayCloseInitiated" | "FiscalDayCloseFailed";

export type FdmsStatusAnswer = {
  operationID: string;
  fiscalDayStatus: FdmsDayStatus;
  fiscalDayReconciliationMode?: "Auto" | "Manual";
  fiscalDayClosed?: string;
  fiscalDayClosingErrorCode?: string;
  lastReceiptGlobalNo?: number;
  lastFiscalDayNo?: number;
};

export type FdmsSubmitAnswer = {
  operationID: string;
  receiptID: number;
  serverDate: string;
  receiptServerSignature: { certificateThumbprint: string; hash: string; signature: string };
  validationErrors?: FdmsValidationError[];
};

/** The API document writes "Grey"; the test environment answers "Gray" (decision 016, "Rules relied on", row 46). */
export type FdmsValidationError = { validationErrorCode: string; validationErrorColor: "Yellow" | "Grey" | "Gray" | "Red" };

/**
 * The validation errors that stop the fiscal day's close (API §8.2.1): Red ones, and Grey ones (a previous receipt
 * FDMS has not received), in either spelling. Yellow ones do not.
 */
export function errorsStoppingClose(errors: readonly FdmsValidationError[] | undefined): FdmsValidationError[] {
  return (errors ?? []).filter((e) => e.validationErrorColor !== "Yellow");
}

/**
 * A ValidationProblemDetails' `errors` (HTTP 400: field → messages, API §8) in one line, so the document's problem
 * says which field FDMS's schema refused.
 */
function fieldErrors(errors: unknown): string | undefined {
  if (!errors || typeof errors !== "object") return undefined;
  const parts = Object.entries(errors as Record<string, unknown>).map(
    ([field, messages]) => `${field} ${Array.isArray(messages) ? messages.join(" ") : String(messages)}`,
  );
  return parts.length > 0 ? parts.join("; ") : undefined;
}

export type FdmsTaxpayer = {
  operationID: string;
  taxPayerName: string;
  taxPayerTIN: string;
  vatNumber?: string;
  deviceBranchName: string;
};

export type FdmsClient = ReturnType<typeof createFdmsClient>;

export function createFdmsClient(settings: FdmsClientSettings) {
  const base = new URL(settings.url.replace(/\/+$/, ""));
  const agents = new Map<string, Agent>();

  /** One keep-alive agent per certificate (a renewed certificate gets a new one). */
  function agentFor(credentials: DeviceCredentials | null): Agent {
    const key = credentials ? credentials.certificate : "";
    let agent = agents.get(key);
    if (!agent) {
      agent = new Agent({
        keepAlive: true,
        maxSockets: 2,
        ...(settings.ca ? { ca: settings.ca } : {}),
        ...(credentials ? { cert: credentials.certificate, key: credentials.privateKey } : {}),
      });
      agents.set(key, agent);
    }
    return agent;
  }

  function call<T>(method: "GET" | "POST", path: string, body: unknown, credentials: DeviceCredentials | null): Promise<T> {
    const url = new URL(`${base.pathname.replace(/\/$/, "")}${path}`, base);
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body), "utf8");
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const fail = (err: FdmsError) => {
        if (settled) return;
        settled = true;
        reject(err);
      };
      const req = request(
        url,
        {
          method,
          agent: agentFor(credentials),
          headers: {
            accept: "application/json",
            DeviceModelName: settings.modelName,
            DeviceModelVersion: settings.modelVersion,
            ...(payload ? { "content-type": "application/json", "content-length": String(payload.length) } : {}),
          },
          timeout: settings.timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", () => fail(new FdmsError("unreachable", "FDMS's answer was cut off.")));
          res.on("end", () => {
            if (settled) return;
            const status = res.statusCode ?? 0;
            const text = Buffer.concat(chunks).toString("utf8");
            let json: unknown = null;
            try {
              json = text ? JSON.parse(text) : null;
            } catch {
              json = null;
            }
            if (status >= 500 || status === 0) {
              return fail(new FdmsError("unreachable", `FDMS answered HTTP ${status}.`, status));
            }
            if (status >= 400) {
              const problem = (json ?? {}) as { errorCode?: string; title?: string; detail?: string; errors?: unknown };
              const code = typeof problem.errorCode === "string" ? problem.errorCode : null;
              const reason =
                [problem.title, problem.detail === problem.title ? undefined : problem.detail, fieldErrors(problem.errors)]
                  .filter((s): s is string => typeof s === "string" && s !== "")
                  .map((s) => s.replace(/\.$/, ""))
                  .join(": ") || `HTTP ${status}`;
              return fail(
                new FdmsError("refused", `FDMS refused ${path.split("/").pop()}${code ? ` (${code})` : ""}: ${reason}`, status, code),
              );
            }
            if (json === null || typeof json !== "object") {
              return fail(new FdmsError("unreachable", "FDMS's answer was not understood.", status));
            }
            settled = true;
            resolve(json as T);
          });
        },
      );
      req.on("timeout", () => {
        req.destroy();
        fail(new FdmsError("unreachable", "FDMS did not answer in time."));
      });
      req.on("error", (err) => {
        const code = (err as NodeJS.ErrnoException).code;
        fail(new FdmsError("unreachable", `FDMS could not be reached${code ? ` (${code})` : ""}.`));
      });
      if (payload) req.write(payload);
      req.end();
    });
  }

  const device = (op: string) => `/Device/v1/${settings.deviceId}/${op}`;
  const pub = (op: string) => `/Public/v1/${settings.deviceId}/${op}`;

  return {
    deviceId: settings.deviceId,

    verifyTaxpayerInformation: (activationKey: string, deviceSerialNo: string) =>
      call<FdmsTaxpayer>("POST", pub("VerifyTaxpayerInformation"), { activationKey, deviceSerialNo }, null),

    /** The device's first certificate, for the CSR and the activation key ZIMRA gave with the device ID. */
    registerDevice: (certificateRequest: string, activationKey: string) =>
      call<{ operationID: string; certificate: string }>("POST", pub("RegisterDevice"), { certificateRequest, activationKey }, null),

    /** A renewed certificate, asked with the current one. */
    issueCertificate: (credentials: DeviceCredentials, certificateRequest: string) =>
      call<{ operationID: string; certificate: string }>("POST", device("IssueCertificate"), { certificateRequest }, credentials),

    getConfig: (credentials: DeviceCredentials) => call<FdmsConfigAnswer>("GET", device("GetConfig"), undefined, credentials),

    getStatus: (credentials: DeviceCredentials) => call<FdmsStatusAnswer>("GET", device("GetStatus"), undefined, credentials),

    openDay: (credentials: DeviceCredentials, fiscalDayNo: number, fiscalDayOpened: string) =>
      call<{ operationID: string; fiscalDayNo: number }>("POST", device("OpenDay"), { fiscalDayNo, fiscalDayOpened }, credentials),

    submitReceipt: (credentials: DeviceCredentials, receipt: FdmsReceipt) =>
      call<FdmsSubmitAnswer>("POST", device("SubmitReceipt"), { receipt }, credentials),

    closeDay: (
      credentials: DeviceCredentials,
      body: { fiscalDayNo: number; fiscalDayCounters: FiscalCounter[]; fiscalDayDeviceSignature: FdmsSignature; receiptCounter: number },
    ) => call<{ operationID: string }>("POST", device("CloseDay"), body, credentials),

    ping: (credentials: DeviceCredentials) =>
      call<{ operationID: string; reportingFrequency: number }>("POST", device("Ping"), {}, credentials),

    /** Closes the kept-alive connections (app close). */
    close() {
      for (const agent of agents.values()) agent.destroy();
      agents.clear();
    },
  };
}
