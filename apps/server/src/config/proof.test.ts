import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";

describe("PROOF_EPOCH_TIME", () => {
  it("sets the daily proof-of-reserves epoch's time of day in UTC (default midnight)", () => {
    expect(loadConfig({}).proofEpochMinute).toBe(0);
    expect(loadConfig({ PROOF_EPOCH_TIME: "02:30" }).proofEpochMinute).toBe(150);
    expect(loadConfig({ PROOF_EPOCH_TIME: "23:59" }).proofEpochMinute).toBe(1439);
    for (const wrong of ["24:00", "2:30", "02:60", "noon"]) {
      expect(() => loadConfig({ PROOF_EPOCH_TIME: wrong })).toThrow(
        "PROOF_EPOCH_TIME must be a time of day in UTC as HH:MM, e.g. 00:00",
      );
    }
  });
});
