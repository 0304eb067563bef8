import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HealthRow } from "~/lib/site-health";
import { configurationFrom } from "~/server/config/configuration.server";
import { siteHealth } from "~/server/dashboard/site-health.server";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { type DatabaseHandle, openDatabase } from "~/server/db/connection.server";
import { startDatabase, stopDatabase } from "~/server/db/database.server";
import { defineJob } from "~/server/jobs/job.server";
import { startJobs } from "~/server/jobs/job-service.server";
import { HOUSEKEEPING_JOB, VISIT_COUNTS_JOB } from "~/server/jobs/site-jobs.server";
import { testEngines } from "../support/test-database";

// The job service (docs/decisions/0081-one-job-service.md): a job that runs once across
// instances runs once per due time when two instances share the database (each its own
// connection, as two servers have), one that runs on every instance runs on each; a failing
// run is tried again after its backoff, Site health shows its error, and the row clears when a
// run succeeds. Intervals are tens of milliseconds; the test polls, it never times.

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testEngines())("the job service on $name", (engine) => {
  let first: DatabaseHandle;
  let second: DatabaseHandle;

  beforeAll(async () => {
    first = await startDatabase(engine.env);
    second = await openDatabase(databaseConfigFromEnv(engine.env));
  });
  afterAll(async () => {
    await second.close();
    await stopDatabase();
    await engine.drop();
  });

  it("runs a once-across-instances job once per due time with two instances", {
    timeout: 30_000,
  }, async () => {
    const name = `teste-uma-vez-${randomUUID().slice(0, 8)}`;
    const dueTimesRun: string[] = [];
    let running = 0;
    let overlapped = false;
    const job = (handle: DatabaseHandle) =>
      defineJob({
        name,
        scope: "once-across-instances",
        everyMs: 40,
        run: async () => {
          running++;
          if (running > 1) overlapped = true;
          // The due time this run claimed: the row keeps it until the run is recorded.
          const row = await handle.db
            .selectFrom("jobs")
            .select("next_run_at")
            .where("name", "=", name)
            .executeTakeFirstOrThrow();
          dueTimesRun.push(row.next_run_at);
          await pause(15);
          running--;
        },
      });
    // Both instances read the row's due time and wake at it together: they race for each run.
    const services = [
      startJobs([job(first)], { db: async () => first.db }),
      startJobs([job(second)], { db: async () => second.db }),
    ];
    try {
      await expect
        .poll(() => dueTimesRun.length, { timeout: 20_000, interval: 25 })
        .toBeGreaterThanOrEqual(8);
    } finally {
      await Promise.all(services.map((service) => service.stop()));
    }
    expect(overlapped).toBe(false);
    expect(new Set(dueTimesRun).size).toBe(dueTimesRun.length);
  });

  it("runs an every-instance job on each instance", { timeout: 30_000 }, async () => {
    const runs = { primeira: 0, segunda: 0 };
    const job = (instance: keyof typeof runs) =>
      defineJob({
        name: `teste-cada-instancia-${randomUUID().slice(0, 8)}`,
        scope: "every-instance",
        everyMs: 20,
        run: async () => {
          runs[instance]++;
        },
      });
    const services = [
      startJobs([job("primeira")], { db: async () => first.db }),
      startJobs([job("segunda")], { db: async () => second.db }),
    ];
    try {
      await expect
        .poll(() => Math.min(runs.primeira, runs.segunda), { timeout: 10_000, interval: 25 })
        .toBeGreaterThanOrEqual(3);
    } finally {
      await Promise.all(services.map((service) => service.stop()));
    }
  });

  it("retries a failing job after its backoff, and Site health shows the error until a run succeeds", {
    timeout: 30_000,
  }, async () => {
    let failing = true;
    const calls = { [HOUSEKEEPING_JOB]: 0, [VISIT_COUNTS_JOB]: 0 };
    const failingJob = (name: typeof HOUSEKEEPING_JOB | typeof VISIT_COUNTS_JOB) =>
      defineJob({
        name,
        scope: name === HOUSEKEEPING_JOB ? "once-across-instances" : "every-instance",
        // The next run after a success is an hour away: only the retries run in this test.
        everyMs: 3_600_000,
        retryMs: 20,
        runAtStart: true,
        run: async () => {
          calls[name]++;
          if (failing) throw new Error(`banco fora do ar (teste ${name})`);
        },
      });
    const service = startJobs([failingJob(HOUSEKEEPING_JOB), failingJob(VISIT_COUNTS_JOB)]);
    const configuration = configurationFrom({});
    const jobRows = async () => {
      const rows = await siteHealth({ configuration });
      return Object.fromEntries(
        rows.filter((row) => row.id.startsWith("job:")).map((row) => [row.id, row]),
      ) as Record<string, HealthRow>;
    };
    try {
      // Retried: the second failure in a row is on record, and the process runs on.
      const failuresInARow = async () =>
        Number(
          /(\d+)ª falha seguida/.exec((await jobRows())[`job:${HOUSEKEEPING_JOB}`]?.technical ?? "")?.[1] ??
            0,
        );
      await expect.poll(failuresInARow, { timeout: 10_000, interval: 25 }).toBeGreaterThanOrEqual(2);
      const failed = await jobRows();
      expect(failed[`job:${HOUSEKEEPING_JOB}`]).toMatchObject({
        status: "error",
        title: "Limpeza de dados vencidos: a última execução falhou",
        detail: expect.stringContaining("Enquanto isso, dados vencidos"),
        technical: expect.stringContaining(`Erro: banco fora do ar (teste ${HOUSEKEEPING_JOB}).`),
      });
      await expect
        .poll(async () => (await jobRows())[`job:${VISIT_COUNTS_JOB}`], { timeout: 10_000, interval: 25 })
        .toMatchObject({
          status: "error",
          title: "Gravação das contagens de visitas: a última execução falhou",
          technical: expect.stringContaining(`Erro: banco fora do ar (teste ${VISIT_COUNTS_JOB}).`),
        });
      expect(calls[HOUSEKEEPING_JOB]).toBeGreaterThanOrEqual(2);

      failing = false;
      for (const name of [HOUSEKEEPING_JOB, VISIT_COUNTS_JOB]) {
        await expect
          .poll(async () => (await jobRows())[`job:${name}`]?.status, { timeout: 10_000, interval: 25 })
          .toBe("ok");
      }
      const cleared = await jobRows();
      expect(cleared[`job:${HOUSEKEEPING_JOB}`]).toEqual({
        id: `job:${HOUSEKEEPING_JOB}`,
        status: "ok",
        title: "Limpeza de dados vencidos",
        detail: expect.stringMatching(/^Última execução em .+ \([\d.]+ ms\)\. Próxima execução: .+\.$/),
      });
      expect(cleared[`job:${VISIT_COUNTS_JOB}`]?.title).toBe("Gravação das contagens de visitas");
    } finally {
      await service.stop();
    }
  });
});
