import { eq } from "drizzle-orm";
import { type FdmsSeller, fdmsAddressLine } from "#shared/fdms-seller.ts";
import type { Db, Tx } from "../../db/client.ts";
import { fiscalDevices } from "../../db/schema/fiscal.ts";
import type { FdmsConfigAnswer } from "./fdms-client.ts";
import type { FiscalDevice } from "./fiscal-device.ts";

/**
 * The taxpayer FDMS has for this device (decision 016, "The seller"): getConfig's last answer kept on the device row
 * (or, right after registration, verifyTaxpayerInformation's name and TIN). Null with FDMS off, or before the device
 * has registered: the invoice then names the seller from the settings.
 */
export function createFiscalSeller(device: FiscalDevice) {
  const { db, cfg } = device;
  return {
    /** The seller as FDMS knows it, read in `exec` (the issuing transaction, when there is one). */
    async sellerAsFdmsKnowsIt(exec: Db | Tx = db): Promise<FdmsSeller | null> {
      if (!cfg) return null;
      const [row] = await exec.select({ config: fiscalDevices.config }).from(fiscalDevices).where(eq(fiscalDevices.deviceId, cfg.deviceId));
      const config = row?.config as Partial<FdmsConfigAnswer> | null | undefined;
      const name = config?.taxPayerName?.trim();
      const tin = config?.taxPayerTIN?.trim();
      if (!name || !tin) return null;
      return { name, tin, vat_number: config?.vatNumber?.trim() || null, address: fdmsAddressLine(config?.deviceBranchAddress) };
    },
  };
}
