import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices } from "../helpers/test-services";
import type { AppServices } from "#server/services";

/** Counts to `n` in SQL: a statement that keeps its connection busy for a while. */
const busyCount = (n: number) =>
  sql<{
    n: number;
  }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < ${n}) select count(*) as n from c`;

describe(`the owner's reader on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  beforeAll(async () => {
    services = await createTestServices();
  });
  afterAll(async () => {
    await services?.database.destroy();
  });

  it("sees what was committed a moment before", async () => {
    const { db, reader } = services.database;
    await db
      .insertInto("closed_dates")
      .values({ date: "2031-01-02", reason: "reader check", created_at: new Date().toISOString() })
      .execute();
    const row = await reader
      .selectFrom("closed_dates")
      .select("reason")
      .where("date", "=", "2031-01-02")
      .executeTakeFirst();
    expect(row?.reason).toBe("reader check");
  });

  it.runIf(testDatabaseKind() === "sqlite")("runs a long statement without holding the request thread", async () => {
    const { db, reader } = services.database;
    // How late a 5 ms timer fires while a statement runs: the request thread's own wait.
    const timerDelay = async (work: () => Promise<unknown>) => {
      let late = 0;
      const started = performance.now();
      const timer = new Promise<void>((resolve) =>
        setTimeout(() => {
          late = performance.now() - started - 5;
          resolve();
        }, 5),
      );
      const statementStarted = performance.now();
      await Promise.all([work(), timer]);
      return { late, took: performance.now() - statementStarted };
    };
    // On the request thread's own connection the timer waits for the whole statement …
    const onMain = await timerDelay(() => busyCount(1_500_000).execute(db));
    expect(onMain.late).toBeGreaterThan(onMain.took * 0.5);
    // … on the reader it fires on time while the same statement runs in the worker.
    const onReader = await timerDelay(() => busyCount(1_500_000).execute(reader));
    expect(onReader.took).toBeGreaterThan(50);
    expect(onReader.late).toBeLessThan(onReader.took / 4);
  });

  it.runIf(testDatabaseKind() === "sqlite")("refuses to write", async () => {
    await expect(
      services.database.reader
        .insertInto("closed_dates")
        .values({ date: "2031-01-03", reason: "no", created_at: new Date().toISOString() })
        .execute(),
    ).rejects.toThrow(/only reads|readonly/);
  });
});
