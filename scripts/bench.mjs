#!/usr/bin/env node
// `npm run bench`: runs every benchmark (files named *.bench.ts) under apps/server/bench/ (the server's:
// the ledger's posting rate) and e2e/bench/ (the browser's: first-load sizes), one after the other so they
// do not compete for the machine's two cores. Each prints its own figures; none is asserted here.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const dirs = [join("apps", "server", "bench"), join("e2e", "bench")];
const files = dirs.flatMap((dir) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith(".bench.ts"))
        .sort()
        .map((name) => join(dir, name))
    : [],
);
if (files.length === 0) {
  console.info("bench: no benchmarks yet");
  process.exit(0);
}
let failed = 0;
for (const file of files) {
  console.info(`\n=== ${file}`);
  const run = spawnSync("node", ["--conditions=development", "--import", "tsx", file], { stdio: "inherit" });
  if (run.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
