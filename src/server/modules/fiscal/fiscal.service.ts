import { createFiscalDays } from "./fiscal-day.ts";
import { createFiscalDevice, type FiscalServiceDeps } from "./fiscal-device.ts";
import { createFiscalOverview } from "./fiscal-overview.ts";
import { createFiscalPing } from "./fiscal-ping.ts";
import { createFiscalSeller } from "./fiscal-seller.ts";
import { createReceiptChain } from "./receipt-chain.ts";
import { createSubmission } from "./submission.ts";

// The module's public file (decision 029): the FDMS service (decision 016) is composed of its parts (the device, the
// receipt chain, the fiscal day, submission, the overview); what jobs.ts, services.ts and the tests import is re-exported.
export { FISCAL_CLOSE_DAY_JOB, FISCAL_PING_JOB } from "./fiscal-day.ts";
export type { FiscalServiceDeps } from "./fiscal-device.ts";
export type { FiscalOverview } from "./fiscal-overview.ts";
export { enqueueFiscalisation, FISCAL_SUBMIT_JOB, KEPT_BY_FDMS } from "./submission.ts";

export function createFiscalService(deps: FiscalServiceDeps) {
  const device = createFiscalDevice(deps);
  const { cfg } = device;
  const chain = createReceiptChain(device);
  const days = createFiscalDays(device, chain);

  return {
    /** Whether FDMS_* is set: documents are fiscalised. */
    enabled: cfg !== undefined,
    ...createSubmission(device, chain, days.openDay),
    ...days.methods,
    ...createFiscalOverview(device),
    ...createFiscalPing(device),
    ...createFiscalSeller(device),
    close: device.close,
  };
}

export type FiscalService = ReturnType<typeof createFiscalService>;
