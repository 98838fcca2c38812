import path from "node:path";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { authSecret } from "./auth-secret.ts";
import { openDatabase } from "./db/client.ts";
import { seedDemo, isEmpty } from "./db/seed/index.ts";
import { buildApp } from "./app.ts";
import { sealSharedPrototypes } from "./lib/prototypes.ts";

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }

  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const app = await buildApp({ config, database, authSecret: authSecret(config) });

  // Ready first: the job queue starts with the app, and seeding may queue mail or notifications.
  await app.ready();
  // Several processes starting at once on an empty database: one seeds, the others then find it seeded.
  if (config.DEMO_SEED) {
    await database.exclusive("demo.seed", async () => {
      if (!(await isEmpty(database.db))) return;
      const t = Date.now();
      await seedDemo(database.db, { password: config.DEMO_PASSWORD, auth: app.auth, world: true });
      // The copilot learns the seeded catalogs now rather than at the next daily run.
      await app.jobs.send("catalog.learn", { companyId: null });
      app.log.info(`Seeded the demo data in ${Date.now() - t} ms`);
    });
  }

  const close = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void close("SIGINT"));
  process.once("SIGTERM", () => void close("SIGTERM"));

  // Every module the start-up needs is loaded: from here on no key can be added to the prototypes
  // all objects share (modules loaded later, on demand, are proven by the test suite, which seals first).
  sealSharedPrototypes();
  await app.listen({ port: config.PORT, host: config.HOST });
  const where = database.kind === "pglite" ? `embedded PostgreSQL in ${path.resolve(config.DATA_DIR)}` : "PostgreSQL";
  console.log(
    `\nLearnward is running at ${config.publicUrl} (${where}).\n` +
      (config.DEMO_SEED
        ? `Demo accounts: admin@, hr@, ldleader@, teamleader@, member@acme.test and member@globex.test — password "${config.DEMO_PASSWORD}"\n`
        : ""),
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
