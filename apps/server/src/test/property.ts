import { randomInt } from "node:crypto";
import { relative } from "node:path";
import fc from "fast-check";
import { expect } from "vitest";

// Property tests draw a new seed on every run, so each run tries new examples, and keep the seeds that once
// failed as fixed runs of their own. A failure names its seed and path: replay it with
//   FC_SEED=<seed> FC_PATH=<path> npx vitest run --project server <file>
// (FC_SEED alone replays the whole run from its start; with FC_SEED set, only that seed runs).

/** A seed kept because it once failed (or once mattered): run on every run of the suite. */
export type RegressionSeed = { seed: number; path?: string; why: string };

/** One run of a property: its seed (and path, to go straight to a known counterexample) and its name. */
export type PropertyRun = { name: string; seed: number; path?: string };

/** A fresh seed for fast-check (a non-negative 31-bit integer, easy to copy into FC_SEED). */
export function propertySeed(): number {
  return randomInt(0, 2 ** 31);
}

function parseSeed(text: string): number {
  const seed = Number(text);
  if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, not ${JSON.stringify(text)}`);
  return seed;
}

/**
 * The runs of a property: each regression seed, then a fresh seed; or only FC_SEED (and FC_PATH) when set.
 * Each run's name carries its seed, so a run that hangs until the test's timeout still says which it was.
 */
export function propertyRuns(
  regressions: readonly RegressionSeed[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): PropertyRun[] {
  const replay = env.FC_SEED?.trim();
  if (replay) {
    const seed = parseSeed(replay);
    const path = env.FC_PATH?.trim() || undefined;
    return [{ name: `FC_SEED=${seed}${path === undefined ? "" : ` FC_PATH=${path}`}`, seed, path }];
  }
  const fresh = propertySeed();
  return [
    ...regressions.map(({ seed, path }) => ({
      name: `regression seed ${seed}${path === undefined ? "" : ` path ${path}`}`,
      seed,
      path,
    })),
    { name: `fresh seed ${fresh}`, seed: fresh },
  ];
}

/**
 * Checks `property` on one run's seed. A failure throws fast-check's report (the seed, the path, the
 * shrunk counterexample and the error it raised) followed by the line that replays it; the property's own
 * error is the `cause`.
 */
export async function assertProperty<Ts>(
  property: fc.IAsyncProperty<Ts> | fc.IProperty<Ts>,
  { run, numRuns }: { run: PropertyRun; numRuns: number },
): Promise<void> {
  const details = await fc.check(property, {
    numRuns,
    seed: run.seed,
    ...(run.path === undefined ? {} : { path: run.path }),
  });
  if (!details.failed) return;
  const report = (await fc.asyncDefaultReportMessage(details)) ?? "Property failed";
  const path = details.counterexamplePath;
  const replay = `FC_SEED=${details.seed}${path === null ? "" : ` FC_PATH=${path}`}`;
  const file = expect.getState().testPath;
  const command = `npx vitest run --project server ${file === undefined ? "<file>" : relative(process.cwd(), file)}`;
  throw new Error(`${report}\n\nReplay: ${replay} ${command}`, {
    cause: details.errorInstance,
  });
}

/**
 * Inserts `item` into `list` at a place drawn from `place` (any natural number, taken modulo the places
 * left), after index `after` (-1: anywhere). Answers where it went. Generators use it to put the steps a
 * property must always exercise at random places among random ones.
 */
export function insertAfter<T>(list: T[], item: T, place: number, after = -1): number {
  const first = after + 1;
  const index = first + (place % (list.length - first + 1));
  list.splice(index, 0, item);
  return index;
}
