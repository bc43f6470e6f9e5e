import { describe, expect, it } from "vitest";
import { killMidBurst } from "../test/kill-mid-burst.js";

// `npm run test:soak`: the 1,000-request version of faults/kill-during-sends.test.ts. PostgreSQL only.
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

describe("kill -9 of the server in the middle of 1,000 concurrent sends and withdrawals", () => {
  it.skipIf(!onPostgres)(
    "(PostgreSQL only) each of the 1,000 replayed with its key after the restart is made once; books balanced",
    async () => {
      // 10 sends each: with the replays, 20 of the 30 a customer may make in a minute.
      const report = await killMidBurst({ customers: 100, sendsEach: 10 });
      expect(report.answered + report.cutOff).toBe(1000);
    },
    300_000,
  );
});
