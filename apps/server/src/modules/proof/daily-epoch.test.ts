import { randomBytes } from "node:crypto";
import { toHex } from "@satsbank/verify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chainBlocks } from "../../db/schema/index.js";
import { fakeClock } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { testCustomer } from "../../test/money-helpers.js";
import { testConfig } from "../../test/test-config.js";
import { startEpochJob } from "../../worker/epoch-job.js";
import { buildDailyEpoch, lastScheduled, listEpochs, proofSettingsOf } from "./index.js";

// The daily epoch (PROOF_EPOCH_TIME): built once a day at the configured time, caught up when the worker
// was down at that time, never twice for the same day.

const HOUR = 3_600_000;

describe("the daily epoch's schedule", () => {
  it("is due at the configured time of day in UTC, today's once it has passed, else yesterday's", () => {
    const at = (iso: string) => new Date(iso);
    expect(lastScheduled(at("2030-01-15T12:00:00Z"), 0)).toEqual(at("2030-01-15T00:00:00Z"));
    expect(lastScheduled(at("2030-01-15T02:29:59Z"), 150)).toEqual(at("2030-01-14T02:30:00Z"));
    expect(lastScheduled(at("2030-01-15T02:30:00Z"), 150)).toEqual(at("2030-01-15T02:30:00Z"));
    expect(lastScheduled(at("2030-01-01T00:10:00Z"), 23 * 60 + 59)).toEqual(at("2029-12-31T23:59:00Z"));
  });
});

describe("the worker's daily epoch", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const block = () =>
    t.db.insert(chainBlocks).values({
      height: 7,
      hash: toHex(randomBytes(32)),
      previousHash: toHex(randomBytes(32)),
      processedAt: new Date(),
    });

  it("builds one epoch a day at PROOF_EPOCH_TIME, and waits for the follower's first block", async () => {
    await testCustomer(t, { funds: 5_000n });
    // 01:00 UTC with the epoch at 02:30: yesterday's is due (none was built).
    const clock = fakeClock(new Date("2030-01-15T01:00:00Z"));
    const ctx = { db: t.db, clock, ...proofSettingsOf(testConfig()) };
    const daily = 150;
    expect(await buildDailyEpoch(ctx, daily)).toBeNull();
    await block();
    const first = await buildDailyEpoch(ctx, daily);
    expect(first).toMatchObject({ epoch: expect.any(Number), leafCount: 1, total: "5000" });
    clock.advance(HOUR);
    // 02:00: yesterday's is built; today's is not due yet.
    expect(await buildDailyEpoch(ctx, daily)).toBeNull();
    clock.advance(HOUR);
    // 03:00: today's.
    const second = await buildDailyEpoch(ctx, daily);
    expect(second?.epoch).toBeGreaterThan(first?.epoch as number);
    clock.advance(20 * HOUR);
    expect(await buildDailyEpoch(ctx, daily)).toBeNull();
    expect((await listEpochs(ctx)).epochs.map((epoch) => epoch.epoch)).toEqual([second?.epoch, first?.epoch]);
  });

  it("runs in the process that holds the lock only, and releases it after each check", async () => {
    await block();
    const ctx = { db: t.db, clock: fakeClock(), ...proofSettingsOf(testConfig()) };
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    let released = 0;
    const held = {
      verify: async () => true,
      release: async () => {
        released += 1;
      },
    };
    const other = startEpochJob({ ctx, minuteOfDay: 0, lead: async () => null, log: quiet, everyMs: 5 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    await other.stop();
    expect((await listEpochs(ctx)).epochs).toEqual([]);

    const leader = startEpochJob({ ctx, minuteOfDay: 0, lead: async () => held, log: quiet, everyMs: 5 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await leader.stop();
    expect((await listEpochs(ctx)).epochs).toHaveLength(1);
    expect(released).toBeGreaterThan(0);
  });
});
