// `npm run seed`: fills an empty database with the demo data (refuses to touch a non-empty one).
import { loadConfig } from "../../config.ts";
import { openDatabase } from "../client.ts";
import { createAuth } from "../../modules/identity/auth.ts";
import { createIdentityRepo } from "../../modules/identity/identity.repo.ts";
import { createMailer, createTransport } from "../../lib/mailer.ts";
import { createJobs } from "../../lib/jobs.ts";
import { createBackgroundTasks } from "../../lib/background.ts";
import { createClock } from "../../lib/clock.ts";
import { isEmpty, seedDemo } from "./index.ts";

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
// Mail the seed queues waits for the server's workers.
const jobs = createJobs({ database, work: false, onError: (err) => console.error(err) });
try {
  await jobs.start();
  if (!(await isEmpty(database.db))) {
    console.log("The database already has data; nothing seeded.");
  } else {
    const auth = createAuth({
      db: database.db,
      repo: createIdentityRepo(database.db),
      mailer: createMailer({ db: database.db, jobs, transport: createTransport({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }) }),
      background: createBackgroundTasks((err) => console.error(err)),
      clock: createClock(config.CLOCK_OFFSET_DAYS),
      secret: config.AUTH_SECRET ?? "seed-only-secret-not-used-for-sessions-000",
      publicUrl: config.publicUrl,
      trustedOrigins: [config.publicUrl],
    });
    await seedDemo(database.db, { password: config.DEMO_PASSWORD, auth, world: true });
    console.log(`Seeded the demo data. Password for every demo account: ${config.DEMO_PASSWORD}`);
  }
} finally {
  await jobs.stop();
  await database.close();
}
