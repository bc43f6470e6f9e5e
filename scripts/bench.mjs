#!/usr/bin/env node
// `npm run bench`: runs every benchmark under apps/server/bench/ (files named *.bench.ts), one after the
// other so they do not compete for the machine's two cores. Each prints its own figures.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const dir = join("apps", "server", "bench");
const files = existsSync(dir)
  ? readdirSync(dir)
      .filter((name) => name.endsWith(".bench.ts"))
      .sort()
  : [];
if (files.length === 0) {
  console.info("bench: no benchmarks yet");
  process.exit(0);
}
let failed = 0;
for (const file of files) {
  console.info(`\n=== ${file}`);
  const run = spawnSync("node", ["--conditions=development", "--import", "tsx", join(dir, file)], {
    stdio: "inherit",
  });
  if (run.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
