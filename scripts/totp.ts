// Two-step sign-in from the console (decision 010):
//   npm run totp -- <username>           prints the current code of a demo account (one that uses the published
//                                        demo key; any other account's key stays secret)
//   npm run totp -- <username> --reset   turns the account's two-step sign-in off and ends its sessions; an admin
//                                        sets up a new key at the next sign-in (a lost phone, or the demo key)
import { eq, sql } from "drizzle-orm";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { users } from "#server/db/schema/accounts.ts";
import { withStartLock } from "#server/db/start-lock.ts";
import { createAccountsService } from "#server/modules/accounts/accounts.service.ts";
import { TOTP_STEP_SECONDS, totpCode, totpStep } from "#server/modules/accounts/totp.ts";
import { createAuditService } from "#server/modules/audit/audit.service.ts";
import { createSettingsService } from "#server/modules/content/settings.service.ts";
import { createMailer } from "#server/platform/mailer/mailer.ts";
import { DEMO_TOTP_SECRET } from "#server/seed/accounts.ts";

const [username, option] = process.argv.slice(2);
if (!username || (option && option !== "--reset")) {
  console.error("Usage: npm run totp -- <username> [--reset]");
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config);
try {
  await withStartLock(config, () => database.migrate());
  if (option === "--reset") {
    const accounts = createAccountsService({
      db: database.db,
      mailer: createMailer(config),
      settings: createSettingsService(database.db),
      audit: createAuditService(database.db),
    });
    await accounts.secondFactor.resetFromConsole(username);
    console.log(`Two-step sign-in of ${username} is off and their sessions are ended; an admin sets up a new key at the next sign-in.`);
  } else {
    const [user] = await database.db
      .select({ totpSecret: users.totpSecret })
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
      .limit(1);
    if (!user) throw new Error(`No account with the username ${username}.`);
    if (user.totpSecret !== DEMO_TOTP_SECRET)
      throw new Error(`${username} does not use the demo key: only its own authenticator app shows its codes.`);
    const left = TOTP_STEP_SECONDS - (Math.floor(Date.now() / 1000) % TOTP_STEP_SECONDS);
    console.log(`${totpCode(DEMO_TOTP_SECRET, totpStep())}  (valid for ${left} more seconds)`);
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
