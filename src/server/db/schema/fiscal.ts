import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** A fiscal day's state here: open; closing asked and FDMS still working on it; closed; FDMS refused the close. */
export const FISCAL_DAY_STATUSES = ["open", "close_initiated", "closed", "close_failed"] as const;
export type FiscalDayStatus = (typeof FISCAL_DAY_STATUSES)[number];

/**
 * The virtual fiscal device registered with ZIMRA's FDMS (decision 016): one row per FDMS device ID.
 * `private_key` and `certificate` authenticate the device (mutual TLS) and sign its receipts: never logged, never
 * returned by any API. The last receipt's global number, hash and date continue the chain; `in_flight` is the signed
 * receipt sent and not yet acknowledged (resent as it is, or found accepted through getStatus, never signed twice);
 * the lease keeps two processes from submitting at once.
 */
export const fiscalDevices = pgTable(
  "fiscal_devices",
  {
    id: serial("id").primaryKey(),
    deviceId: integer("device_id").notNull(),
    serialNo: text("serial_no").notNull(),
    certificate: text("certificate"),
    privateKey: text("private_key"),
    certificateValidTill: timestamp("certificate_valid_till", { withTimezone: true }),
    registeredAt: timestamp("registered_at", { withTimezone: true }),
    /** getConfig's last answer (taxpayer, applicable taxes, qrUrl, day length) and when it came. */
    config: jsonb("config"),
    configAt: timestamp("config_at", { withTimezone: true }),
    lastReceiptGlobalNo: integer("last_receipt_global_no").notNull().default(0),
    /** The hash of the open day's last receipt; null before the day's first. */
    lastReceiptHash: text("last_receipt_hash"),
    /** Its receiptDate (FDMS local time): a receipt is never dated before the one it follows. */
    lastReceiptDate: text("last_receipt_date"),
    /** { documentId, fiscalDayNo, receipt }: signed and sent, not yet known to be accepted. */
    inFlight: jsonb("in_flight"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    leaseBy: text("lease_by"),
    /** The last ping FDMS answered, and the interval it asked for (minutes, `reportingFrequency`): decision 016. */
    lastPingAt: timestamp("last_ping_at", { withTimezone: true }),
    reportingFrequencyMin: integer("reporting_frequency_min"),
    /** The last failure talking to FDMS (shown in the back office); null once a call succeeds. */
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("fiscal_devices_device_id_key").on(t.deviceId)],
);

/**
 * Fiscal days as this device opened them (FDMS's numbering): the counters sent and signed at the close are kept
 * here, one receipt at a time, in the transaction that records the receipt.
 */
export const fiscalDays = pgTable(
  "fiscal_days",
  {
    id: serial("id").primaryKey(),
    deviceId: integer("device_id").notNull(),
    dayNo: integer("day_no").notNull(),
    /** fiscalDayOpened as sent (Harare local time). */
    openedLocal: text("opened_local").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    status: text("status", { enum: FISCAL_DAY_STATUSES }).notNull().default("open"),
    receiptCounter: integer("receipt_counter").notNull().default(0),
    /** FiscalCounter[] (fdms-protocol.ts). */
    counters: jsonb("counters").notNull().default([]),
    closeError: text("close_error"),
  },
  (t) => [
    uniqueIndex("fiscal_days_device_day_key").on(t.deviceId, t.dayNo),
    check("fiscal_days_status_check", sql`${t.status} in ('open', 'close_initiated', 'closed', 'close_failed')`),
  ],
);
