import { test as base } from "@playwright/test";
import type { Kysely } from "kysely";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import type { Database } from "~/server/db/schema";
import type { RunningServer } from "../../harness/server";
import { startDedicatedServer } from "./admin-auth";
import { type SmtpSink, startSmtpSink } from "./smtp-sink";

// The end-to-end fixture for a test that needs a site of its own: a production server on a
// fresh database (its own rate-limit counters, sessions and e-mail), the e2e admin, an SMTP sink
// it sends to, and a handle on its database. Started for the test that asks for `ownSite`, and
// stopped after it, whatever the outcome.
//
//   import { expect, test } from "../support/own-site";
//   test.use({ ownSiteEnv: { RUNWARE_API_KEY: "…" } }); // optional
//   test("…", async ({ ownSite, browser }) => { … ownSite.url … ownSite.smtp … ownSite.db … });

export interface OwnSite {
  /** The server's address, http://127.0.0.1:PORT. */
  url: string;
  server: RunningServer;
  /** Every message the site sends (SMTP_URL points here). */
  smtp: SmtpSink;
  /** The site's database, opened from the test. */
  db: Kysely<Database>;
  /** DATA_DIR (and DATABASE_URL/DATABASE_SCHEMA on PostgreSQL) of that database. */
  databaseEnv: Record<string, string>;
}

export const test = base.extend<{ ownSiteEnv: Record<string, string>; ownSite: OwnSite }>({
  /** Extra environment for the site's server. */
  ownSiteEnv: [{}, { option: true }],
  ownSite: async ({ ownSiteEnv }, use) => {
    const smtp = await startSmtpSink();
    const site = await startDedicatedServer({ ...smtp.env, ...ownSiteEnv });
    const handle = await openDatabase(databaseConfigFromEnv(site.databaseEnv));
    try {
      await use({
        url: site.url,
        server: site.server,
        smtp,
        db: handle.db,
        databaseEnv: site.databaseEnv,
      });
    } finally {
      await handle.close();
      await site.stop();
      await smtp.close();
    }
  },
});

export { expect } from "@playwright/test";
