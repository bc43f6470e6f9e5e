// `npm run sandbox -- pay <address> <btc>`, `npm run sandbox -- mine [n]`, `npm run sandbox -- reorg <depth>
// [--drop]`: drive the sandbox chain of the server running on this machine (http://127.0.0.1:$PORT, 3000 by
// default), through its dev-only endpoints: the embedded database belongs to that server process alone.
import { parseArgs } from "node:util";
import { apiPaths, formatBtc, parseBtc } from "@satsbank/shared";

const USAGE = [
  "Usage:",
  "  npm run sandbox -- pay <address> <btc>    the sandbox's faucet pays the address (e.g. 0.001)",
  "  npm run sandbox -- mine [n]               mine n blocks (1 by default)",
  "  npm run sandbox -- reorg <depth> [--drop] replace the last <depth> blocks; --drop: their transactions leave",
].join("\n");

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { drop: { type: "boolean", default: false } },
});
const port = Number(process.env.PORT ?? 3000);
const base = `http://127.0.0.1:${port}`;

function usage(problem?: string): never {
  if (problem) console.error(problem);
  console.error(USAGE);
  process.exit(2);
}

function wholeNumber(text: string | undefined, fallback: number | null, what: string): number {
  if (text === undefined && fallback !== null) return fallback;
  if (text === undefined || !/^\d+$/.test(text) || Number(text) < 1)
    usage(`Not a number of ${what}: ${text ?? ""}`);
  return Number(text);
}

async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    console.error(
      `No server answers at ${base}: start it with \`npm start\` (set PORT if it runs on another port).`,
    );
    process.exit(1);
  }
  const answer = (await res.json().catch(() => ({}))) as { error?: { message?: string } } & Record<
    string,
    unknown
  >;
  if (res.status === 404) {
    console.error(
      `The server at ${base} has no sandbox chain (CHAIN_BACKEND is not sandbox, or NODE_ENV=production).`,
    );
    process.exit(1);
  }
  if (!res.ok) {
    console.error(`The sandbox refused: ${answer.error?.message ?? res.statusText}`);
    process.exit(1);
  }
  return answer;
}

const [command, ...rest] = positionals;
switch (command) {
  case "pay": {
    const [address, btc] = rest;
    if (address === undefined || btc === undefined || rest.length > 2) usage();
    const amount = parseBtc(btc);
    if (amount === null || amount <= 0n) usage(`Not an amount of BTC: ${btc}`);
    const { txid } = await post(apiPaths.dev.sandbox.pay, { address, amountSats: amount.toString() });
    console.info(
      `Paid ${formatBtc(amount)} BTC to ${address}: transaction ${String(txid)} (in the mempool; mine a block to confirm it)`,
    );
    break;
  }
  case "mine": {
    if (rest.length > 1) usage();
    const blocks = wholeNumber(rest[0], 1, "blocks");
    const { height } = await post(apiPaths.dev.sandbox.mine, { blocks });
    console.info(`Mined ${blocks} block${blocks === 1 ? "" : "s"}: the chain is at height ${String(height)}`);
    break;
  }
  case "reorg": {
    if (rest.length !== 1) usage();
    const depth = wholeNumber(rest[0], null, "blocks");
    const { height } = await post(apiPaths.dev.sandbox.reorg, { depth, drop: values.drop });
    const fate = values.drop
      ? "their transactions left the network"
      : "their transactions went back to the mempool and into the new blocks";
    console.info(
      `Replaced the last ${depth} block${depth === 1 ? "" : "s"} (${fate}): the chain is at height ${String(height)}`,
    );
    break;
  }
  default:
    usage(command === undefined ? undefined : `Unknown command: ${command}`);
}
