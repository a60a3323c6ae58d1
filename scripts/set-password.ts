// Sets an account's password from the console: `npm run set-password -- <username>`, the new password read
// from NEW_PASSWORD or from standard input. Production refuses to start while demo accounts keep demo passwords.
import { createInterface } from "node:readline/promises";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { withStartLock } from "#server/db/start-lock.ts";
import { createAccountsService } from "#server/modules/accounts/accounts.service.ts";
import { createAuditService } from "#server/modules/audit/audit.service.ts";
import { createSettingsService } from "#server/modules/content/settings.service.ts";
import { createMailer } from "#server/platform/mailer/mailer.ts";
import { password as passwordSchema } from "#shared/schemas/auth.ts";

const username = process.argv[2];
if (!username) {
  console.error("Usage: npm run set-password -- <username>   (new password from NEW_PASSWORD or standard input)");
  process.exit(2);
}
let newPassword = process.env.NEW_PASSWORD;
if (!newPassword) {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  newPassword = await rl.question(`New password for ${username}: `);
  rl.close();
}
const parsed = passwordSchema.safeParse(newPassword);
if (!parsed.success) {
  console.error(parsed.error.issues[0]?.message);
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase(config);
try {
  // Under the start lock: a server starting at the same time may be migrating too.
  await withStartLock(config, () => database.migrate());
  const accounts = createAccountsService({
    db: database.db,
    mailer: createMailer(config),
    settings: createSettingsService(database.db),
    audit: createAuditService(database.db),
  });
  await accounts.setPasswordFromConsole(username, parsed.data);
  console.log(`Password of ${username} changed; their sessions are ended.`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
