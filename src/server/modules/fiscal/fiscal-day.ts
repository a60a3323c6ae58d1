import { and, desc, eq, inArray } from "drizzle-orm";
import { fiscalDays, fiscalDevices } from "../../db/schema/fiscal.ts";
import { type Actor, requireStaff } from "../../platform/auth/actor.ts";
import { AppError } from "../../platform/errors.ts";
import {
  type FiscalCounter,
  fdmsInstant,
  fdmsLocalTime,
  fiscalDaySignatureString,
  fromFdmsLocalTime,
  hararePlainDate,
  signString,
  sortedCounters,
} from "./fdms-protocol.ts";
import { type DayRow, type DeviceRow, errorText, type FiscalDevice } from "./fiscal-device.ts";
import { closeReasonText } from "./fiscal-problems.ts";
import type { ReceiptChain } from "./receipt-chain.ts";

/** Hourly: closes the fiscal day in the last hour of the Harare day, or a day left open from an earlier date. */
export const FISCAL_CLOSE_DAY_JOB = "fiscal.close-day";
/**
 * Whether the open fiscal day is due to close at `at`: in the last hour of the Harare day, when it opened on an earlier
 * Harare date, or within the hour before it reaches the taxpayer's longest day (getConfig's `taxPayerDayMaxHrs`: a
 * receipt after it is refused, RCPT041). The job runs hourly, so the hour before is the last chance.
 */
export function closeDue(at: Date, day: Pick<DayRow, "openedAt" | "openedLocal">, maxHrs: number | undefined): boolean {
  if (typeof maxHrs === "number" && maxHrs > 0 && at.getTime() - day.openedAt.getTime() >= (maxHrs - 1) * 3_600_000) return true;
  if (Number(fdmsLocalTime(at).slice(11, 13)) >= CLOSE_FROM_HOUR) return true;
  return day.openedLocal.slice(0, 10) < hararePlainDate(at);
}

/** Every 5 minutes while FDMS is on: the device's ping, at the interval FDMS asked for (fiscal-ping.ts). */
export const FISCAL_PING_JOB = "fiscal.ping";
/** The Harare hour from which the periodic job closes the day. */
const CLOSE_FROM_HOUR = 23;

/**
 * The fiscal day: the one receipts go into (opened from FDMS's status), and its close, by the periodic job or from the
 * back office.
 */
export function createFiscalDays(device: FiscalDevice, chain: ReceiptChain) {
  const { deps, db, cfg, log, now, client, deviceRow, withDevice, credentialsOf, privateKeyOf, ready, busyJob, busyAdmin } = device;
  const { recover } = chain;

  async function currentDay(deviceId: number): Promise<DayRow | undefined> {
    const [day] = await db
      .select()
      .from(fiscalDays)
      .where(and(eq(fiscalDays.deviceId, deviceId), inArray(fiscalDays.status, ["open", "close_initiated", "close_failed"])))
      .orderBy(desc(fiscalDays.dayNo))
      .limit(1);
    return day;
  }

  /**
   * The fiscal day receipts go into, from FDMS's status: a day FDMS closed is closed here too; a closing day makes the
   * caller wait (the job retries); with none open, the next day (FDMS's last number + 1) is recorded here first, then
   * opened — so an openDay whose answer was lost is sent again as it was, or found open.
   */
  async function openDay(device: DeviceRow): Promise<DayRow> {
    const status = await client().getStatus(credentialsOf(device));
    const lastDayNo = status.lastFiscalDayNo ?? 0;
    let day = await currentDay(device.deviceId);
    if (day && lastDayNo === day.dayNo && status.fiscalDayStatus === "FiscalDayClosed") {
      await db.update(fiscalDays).set({ status: "closed", closedAt: now() }).where(eq(fiscalDays.id, day.id));
      await db.update(fiscalDevices).set({ lastReceiptHash: null }).where(eq(fiscalDevices.id, device.id));
      day = undefined;
    }
    if (status.fiscalDayStatus === "FiscalDayCloseInitiated") {
      if (day) await db.update(fiscalDays).set({ status: "close_initiated" }).where(eq(fiscalDays.id, day.id));
      throw new Error(`Waiting for FDMS to close fiscal day ${lastDayNo}.`);
    }
    if (day && lastDayNo < day.dayNo) {
      // Recorded here, never acknowledged: the same openDay again.
      await client().openDay(credentialsOf(device), day.dayNo, day.openedLocal);
      return day;
    }
    if (day) return day;
    if (status.fiscalDayStatus !== "FiscalDayClosed") {
      throw new Error(`FDMS says fiscal day ${lastDayNo} is open, which this site did not open; close it first.`);
    }
    const dayNo = lastDayNo + 1;
    const opened = now();
    const [row] = await db
      .insert(fiscalDays)
      .values({ deviceId: device.deviceId, dayNo, openedLocal: fdmsLocalTime(opened), openedAt: opened, status: "open" })
      .returning();
    await db
      .update(fiscalDevices)
      .set({
        lastReceiptHash: null,
        ...(status.lastReceiptGlobalNo !== undefined ? { lastReceiptGlobalNo: status.lastReceiptGlobalNo } : {}),
      })
      .where(eq(fiscalDevices.id, device.id));
    await client().openDay(credentialsOf(device), dayNo, (row as DayRow).openedLocal);
    log.info({ deviceId: device.deviceId, fiscalDayNo: dayNo }, "FDMS fiscal day opened");
    return row as DayRow;
  }

  /** Closes the open fiscal day: its counters and their signature; FDMS's status then says closed or why not. */
  async function closeOpenDay(d: DeviceRow): Promise<DayRow | null> {
    const device = await ready(d);
    await recover(device);
    const day = await currentDay(device.deviceId);
    if (!day) return null;
    const creds = credentialsOf(device);
    if (day.status === "close_failed") {
      // A day FDMS would not close (red or grey receipts) is closed by ZIMRA by hand (API §2.3; decision 016, row 51).
      const before = await client().getStatus(creds);
      if (before.lastFiscalDayNo === day.dayNo && before.fiscalDayStatus === "FiscalDayClosed") {
        const [row] = await db
          .update(fiscalDays)
          .set({ status: "closed", closedAt: before.fiscalDayClosed ? fromFdmsLocalTime(before.fiscalDayClosed) : now(), closeError: null })
          .where(eq(fiscalDays.id, day.id))
          .returning();
        await db.update(fiscalDevices).set({ lastReceiptHash: null }).where(eq(fiscalDevices.id, device.id));
        return row ?? null;
      }
    }
    if (day.status !== "close_initiated") {
      const counters = sortedCounters(day.counters as FiscalCounter[]);
      const signature = signString(fiscalDaySignatureString(device.deviceId, day.dayNo, day.openedLocal, counters), privateKeyOf(device));
      await client().closeDay(creds, {
        fiscalDayNo: day.dayNo,
        fiscalDayCounters: counters,
        fiscalDayDeviceSignature: signature,
        receiptCounter: day.receiptCounter,
      });
    }
    const status = await client().getStatus(creds);
    const set: Partial<DayRow> =
      status.fiscalDayStatus === "FiscalDayClosed"
        ? { status: "closed", closedAt: fdmsInstant(status.fiscalDayClosed) ?? now(), closeError: null }
        : status.fiscalDayStatus === "FiscalDayCloseFailed"
          ? { status: "close_failed", closeError: status.fiscalDayClosingErrorCode ?? "FDMS refused to close the day." }
          : { status: "close_initiated" };
    const [row] = await db.update(fiscalDays).set(set).where(eq(fiscalDays.id, day.id)).returning();
    if (set.status === "closed") {
      await db.update(fiscalDevices).set({ lastReceiptHash: null }).where(eq(fiscalDevices.id, device.id));
      log.info({ deviceId: device.deviceId, fiscalDayNo: day.dayNo }, "FDMS fiscal day closed");
    }
    if (set.status === "close_failed") {
      const code = set.closeError ?? "";
      throw new Error(`FDMS could not close fiscal day ${day.dayNo}: ${[code, closeReasonText(code)].filter(Boolean).join(". ")}`);
    }
    return row ?? null;
  }

  return {
    openDay,
    methods: {
      /** The periodic job (hourly): closes the open day when it is due (`closeDue`). */
      async closeDayIfDue(): Promise<boolean> {
        if (!cfg) return false;
        const device = await deviceRow();
        const day = await currentDay(device.deviceId);
        if (!day) return false;
        const at = now();
        const maxHrs = (device.config as { taxPayerDayMaxHrs?: number } | null)?.taxPayerDayMaxHrs;
        if (!closeDue(at, day, maxHrs)) return false;
        await withDevice(closeOpenDay, busyJob);
        return true;
      },

      /** The back office's "Close fiscal day" (admins). */
      async closeDay(actor: Actor): Promise<{ dayNo: number; status: string } | null> {
        const admin = requireStaff(actor, "money.documents");
        if (!cfg) throw new AppError(409, "FDMS is off: there is no fiscal day to close.");
        try {
          const day = await withDevice(closeOpenDay, busyAdmin);
          if (day) {
            await deps.audit?.record(db, admin, {
              entity: "fiscal-day",
              entityId: day.dayNo,
              action: "close",
              summary: `Fiscal day ${day.dayNo} closed from the back office (${day.status})`,
            });
          }
          return day ? { dayNo: day.dayNo, status: day.status } : null;
        } catch (err) {
          if (err instanceof AppError) throw err;
          throw new AppError(502, errorText(err));
        }
      },
    },
  };
}
