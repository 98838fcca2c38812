// `npm run admin:create -- --email ops@example.com [--name "Ops Person"]`: the first platform operator
// of an empty install (DEMO_SEED=false). Prints a one-time link to choose the password; two-factor
// sign-in is set up at the first sign-in. Stop the server first when it runs on the embedded database
// (one process per data folder).
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { buildApp } from "../src/app.ts";
import { authSecret } from "../src/auth-secret.ts";
import { createTransport, type MailTransport } from "../src/lib/mailer.ts";
import { createIdentityRepo } from "../src/modules/identity/identity.repo.ts";
import { createIdentityService, OperatorError } from "../src/modules/identity/identity.service.ts";
import { linkCatcher } from "../src/modules/identity/operator-link.ts";

const usage = 'Usage: npm run admin:create -- --email ops@example.com [--name "Ops Person"]';
let args: { email?: string; name?: string };
try {
  args = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } } }).values;
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
if (!args.email) {
  console.error(usage);
  process.exit(2);
}

let config;
try {
  config = loadConfig({ ...process.env, LOG_LEVEL: "silent" });
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(2);
}

const catcher = linkCatcher();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch((err: Error) => {
  console.error(`Could not open the database: ${err.message}`);
  process.exit(1);
});
// The operator's set-password mail is caught and printed; any other mail the queue holds goes out as usual.
const operator = args.email.trim().toLowerCase();
const usual = createTransport({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
const mailTransport: MailTransport = { kind: usual.kind, deliver: (mail) => (mail.to === operator ? catcher.send(mail) : usual.deliver(mail)) };
const app = await buildApp({ config: { ...config, JOBS_WORK: false }, database, authSecret: authSecret(config), mailTransport, logger: false });
try {
  await app.ready();
  const made = await createIdentityService({ db: database.db, repo: createIdentityRepo(database.db), clock: app.clock }).createOperator(
    { auth: app.auth, captureResetLink: (run) => catcher.capture(run, () => app.jobs.drain()) },
    { email: args.email, name: args.name?.trim() || "Platform operator" },
  );
  console.log(
    `Created the platform operator ${made.email}.\n\nOpen this link within one hour to choose the password (it works once):\n${made.link}\n\n` +
      `At the first sign-in they set up two-factor sign-in with an authenticator app. Then, in /admin, create a company and\n` +
      `use "Invite a person" to send its first hr person an invitation.`,
  );
} catch (err) {
  console.error(err instanceof OperatorError ? err.message : err);
  process.exitCode = 1;
} finally {
  await app.close();
  await database.close();
}
