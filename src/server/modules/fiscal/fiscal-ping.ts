import { eq } from "drizzle-orm";
import { fiscalDevices } from "../../db/schema/fiscal.ts";
import { errorText, type FiscalDevice } from "./fiscal-device.ts";

/** FDMS's interval between pings until it names one (minutes): the stand-in's and the test system's answer. */
export const DEFAULT_REPORTING_FREQUENCY_MIN = 5;

/**
 * The device reports that it is online (API §4.13 ping): at the interval FDMS gave with the last answer
 * (`reportingFrequency`, minutes), checked by a job every few minutes while FDMS is on (decision 016). A registered
 * device only: an unregistered one has no certificate to call with. A failed ping is recorded as the device's last
 * error, as any call is, and tried again on the next round.
 */
export function createFiscalPing(device: FiscalDevice) {
  const { db, cfg, log, now, client, deviceRow, credentialsOf } = device;
  return {
    /** Pings when the interval has passed; whether it did. */
    async pingIfDue(): Promise<boolean> {
      if (!cfg) return false;
      const row = await deviceRow();
      if (!row.certificate || !row.privateKey) return false;
      const at = now();
      const everyMs = (row.reportingFrequencyMin ?? DEFAULT_REPORTING_FREQUENCY_MIN) * 60_000;
      if (row.lastPingAt && at.getTime() - row.lastPingAt.getTime() < everyMs) return false;
      try {
        const answer = await client().ping(credentialsOf(row));
        const frequency = Number.isInteger(answer.reportingFrequency) && answer.reportingFrequency > 0 ? answer.reportingFrequency : null;
        await db
          .update(fiscalDevices)
          .set({ lastPingAt: at, reportingFrequencyMin: frequency ?? row.reportingFrequencyMin })
          .where(eq(fiscalDevices.id, row.id));
        return true;
      } catch (err) {
        await db
          .update(fiscalDevices)
          .set({ lastError: errorText(err), lastErrorAt: at })
          .where(eq(fiscalDevices.id, row.id));
        log.warn({ deviceId: row.deviceId, err: errorText(err) }, "FDMS ping failed");
        return false;
      }
    },
  };
}
