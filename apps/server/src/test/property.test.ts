import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertProperty, insertAfter, propertyRuns } from "./property.js";

const regressions = [
  { seed: 20261125, why: "pinned once" },
  { seed: 7, path: "3:1", why: "failed once" },
];

describe("propertyRuns", () => {
  it("runs every regression seed, then a fresh seed, each named by its seed", () => {
    const runs = propertyRuns(regressions, {});
    expect(runs.slice(0, 2)).toEqual([
      { name: "regression seed 20261125", seed: 20261125, path: undefined },
      { name: "regression seed 7 path 3:1", seed: 7, path: "3:1" },
    ]);
    const fresh = runs[2];
    expect(runs).toHaveLength(3);
    expect(fresh?.name).toBe(`fresh seed ${fresh?.seed}`);
    expect(Number.isSafeInteger(fresh?.seed)).toBe(true);
    // A new seed each time (three draws of 2^31 all equal: a chance of 1 in 2^62).
    const seeds = new Set([1, 2, 3].map(() => propertyRuns([], {})[0]?.seed));
    expect(seeds.size).toBeGreaterThan(1);
  });

  it("runs only FC_SEED (and FC_PATH) when set, and refuses a seed that is not an integer", () => {
    expect(propertyRuns(regressions, { FC_SEED: "-42" })).toEqual([
      { name: "FC_SEED=-42", seed: -42, path: undefined },
    ]);
    expect(propertyRuns(regressions, { FC_SEED: "99", FC_PATH: "0:2" })).toEqual([
      { name: "FC_SEED=99 FC_PATH=0:2", seed: 99, path: "0:2" },
    ]);
    expect(propertyRuns(regressions, { FC_SEED: "" })).toHaveLength(3);
    expect(() => propertyRuns(regressions, { FC_SEED: "abc" })).toThrow("FC_SEED must be an integer");
  });
});

describe("assertProperty", () => {
  it("passes a property that holds, and runs it as many times as asked", async () => {
    let runs = 0;
    await assertProperty(
      fc.property(fc.nat(), (n) => {
        runs += 1;
        return n >= 0;
      }),
      { run: { name: "fresh", seed: 1 }, numRuns: 17 },
    );
    expect(runs).toBe(17);
  });

  it("fails with fast-check's report, the seed and path that replay it, and the property's error as cause", async () => {
    const property = fc.asyncProperty(fc.integer({ min: 0, max: 1000 }), async (n) => {
      if (n >= 500) throw new Error(`too big: ${n}`);
    });
    const failure = await assertProperty(property, {
      run: { name: "fresh", seed: 12345 },
      numRuns: 100,
    }).then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(failure).toBeInstanceOf(Error);
    const message = failure?.message ?? "";
    expect(message).toMatch(/^Property failed after \d+ tests\n\{ seed: 12345, path: "[\d:]+"/);
    // Shrunk to the smallest failing value.
    expect(message).toContain("Counterexample: [500]");
    const replay = /Replay: FC_SEED=12345 FC_PATH=([\d:]+) npx vitest run --project server (\S+)$/.exec(
      message,
    );
    expect(replay?.[2]).toBe("apps/server/src/test/property.test.ts");
    expect((failure?.cause as Error | undefined)?.message).toBe("too big: 500");

    // The seed and path printed replay that counterexample first.
    const seen: number[] = [];
    const again = await assertProperty(
      fc.property(fc.integer({ min: 0, max: 1000 }), (n) => {
        seen.push(n);
        return n < 500;
      }),
      { run: { name: "replay", seed: 12345, path: replay?.[1] as string }, numRuns: 100 },
    ).catch((error: unknown) => error as Error);
    expect(again).toBeInstanceOf(Error);
    expect(seen[0]).toBe(500);
  });
});

describe("insertAfter", () => {
  it("puts the item at the place drawn among those after `after`, and answers where", () => {
    const list = ["a", "b", "c"];
    expect(insertAfter(list, "x", 0)).toBe(0);
    expect(list).toEqual(["x", "a", "b", "c"]);
    // 5 places after index 0 (1 to 4 and the end): 7 % 4 = 3, so index 1 + 3.
    expect(insertAfter(list, "y", 7, 0)).toBe(4);
    expect(list).toEqual(["x", "a", "b", "c", "y"]);
    // After the last item: only the end is left, whatever the place drawn.
    expect(insertAfter(list, "z", 123, 4)).toBe(5);
    expect(list).toEqual(["x", "a", "b", "c", "y", "z"]);
  });
});
