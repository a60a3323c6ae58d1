/**
 * The server's logger as services and the job worker use it: the app's pino logger (`app.log`), whose lines pass
 * through the redaction of platform/log-redaction.ts. Injected through the services' dependencies (services.ts); with
 * LOG_LEVEL=silent it writes nothing.
 */
export type Log = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

/** For code built without the app's logger (unit tests). */
export const silentLog: Log = { info() {}, warn() {}, error() {} };
