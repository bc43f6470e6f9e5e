import { describe, expect, it } from "vitest";
import { killMidBurst } from "../test/kill-mid-burst.js";

// The real server in a child process, on a PostgreSQL database of the test's own: PGlite serves one
// process, and the test reads the same database as the server. CI sets TEST_DATABASE_URL.
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

describe("kill -9 of the server in the middle of concurrent sends and withdrawals", () => {
  it.skipIf(!onPostgres)(
    "(PostgreSQL only) 240 sends, the server killed and restarted, each replayed with its key: each made once, books balanced",
    async () => {
      const report = await killMidBurst({ customers: 24, sendsEach: 10 });
      expect(report.answered + report.cutOff).toBe(240);
    },
    60_000,
  );
});
