/** The FDMS test stand-in (decision 016, "Test stand-in"): see fdms-stand-in/server.ts. */
export {
  certificateThumbprint,
  type FdmsStandIn,
  type FdmsStandInMode,
  hararePlain,
  type StandInDay,
  type StandInReceipt,
  type StandInTax,
  serverSignatureString,
  startFdmsStandIn,
} from "./fdms-stand-in/server.ts";
