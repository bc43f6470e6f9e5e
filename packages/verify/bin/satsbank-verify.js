#!/usr/bin/env node
// The `satsbank-verify` command: a plain file that exists from `npm install` on (npm links a bin only when
// its file is there), running the compiled command (`npm run build` or `npm start` makes dist/).
import { existsSync } from "node:fs";

const cli = new URL("../dist/cli.js", import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write("satsbank-verify: not built yet; run `npm run build` (or `npm start`) first\n");
  process.exit(2);
}
const { main } = await import(cli.href);
await main(process.argv.slice(2));
