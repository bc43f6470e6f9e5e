#!/usr/bin/env node
import { readFileSync, realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chainReader, checkCoinsAtBlock } from "./chain.js";
import { type Check, checkLeaf, checkRootSignature, type EpochFile, type LeafFile } from "./check.js";
import { checkReceipt, checkReceiptKey, compareReceiptWithLeaf, type ReceiptFile } from "./receipt.js";
import { checkEpochReserves } from "./reserves.js";

// `satsbank-verify`: checks a Satsbank proof of reserves from the files the bank publishes, without asking
// the bank anything (docs/proof-of-reserves.md). Exit code 0 only when every check made holds; each
// failure on a line of its own; what was not checked said too.

const USAGE = `usage: satsbank-verify proof <epoch.json> [--leaf <me.json>] [--chain <url>]
       satsbank-verify receipt <receipt.json> [--epoch <epoch.json> [--leaf <me.json>]]

  epoch.json    what GET /api/proof/:epoch answers
  me.json       what GET /api/proof/:epoch/me answers (your leaf and path)
  --chain       a chain backend (Bitcoin Core RPC, Esplora, the sandbox) to check the reserves' coins
  receipt.json  what GET /api/transactions/:id/receipt answers`;

/** What a command answers: its exit code and the lines to print. */
export type CommandResult = { code: number; lines: string[] };

/** The closing lines of a report: every check named, then whether all held (exit 0) or how many failed (1). */
export function report(checks: readonly Check[], notChecked: readonly string[]): CommandResult {
  const lines = checks.map((check) => `${check.ok ? "ok  " : "FAIL"}  ${check.says}`);
  for (const what of notChecked) lines.push(`not checked: ${what}`);
  const failed = checks.filter((check) => !check.ok).length;
  lines.push(failed === 0 ? "Every check made holds." : `${failed} check(s) failed.`);
  return { code: failed === 0 ? 0 : 1, lines };
}

export function readJson<T>(path: string, what: string): T {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as T;
  } catch (error) {
    throw new Error(`cannot read ${what} ${path}: ${(error as Error).message}`);
  }
}

/** `satsbank-verify proof`: the signed root, the customer's leaf and path, the reserves proof. */
async function proofCommand(
  paths: readonly string[],
  options: { leaf?: string; chain?: string },
): Promise<CommandResult> {
  const [epochPath] = paths;
  if (epochPath === undefined || paths.length > 1) return { code: 64, lines: [USAGE] };
  const epoch = readJson<EpochFile>(epochPath, "the epoch file");
  const checks: Check[] = [checkRootSignature(epoch)];
  if (options.leaf !== undefined)
    checks.push(checkLeaf(epoch, readJson<LeafFile>(options.leaf, "the leaf file")));
  const notChecked: string[] = [];
  if (options.leaf === undefined) notChecked.push("your own leaf (no --leaf given)");
  const reserves = checkEpochReserves(epoch);
  checks.push(...reserves.checks);
  if (reserves.read === null || epoch.reserves === undefined || epoch.reserves === null) {
    notChecked.push("the reserves' coins on the chain (no readable reserves proof)");
  } else if (options.chain === undefined) {
    notChecked.push("that each coin was unspent at the stated block (no --chain given)");
  } else {
    // The reader is chosen before any network call: a bad --chain is a usage error (exit 2, said why).
    const reader = chainReader(options.chain);
    const block = { height: Number(epoch.reserves.blockHeight), hash: epoch.reserves.blockHash };
    checks.push(...(await checkCoinsAtBlock(reader, reserves.read.coins, block)));
  }
  return report(checks, notChecked);
}

/**
 * `satsbank-verify receipt`: the receipt's signature; with --epoch, that its key is the bank's; with --leaf
 * too, the leaf in that epoch and its balance against the receipt's balance after (docs/proof-of-reserves.md,
 * "Receipts").
 */
async function receiptCommand(
  paths: readonly string[],
  options: { leaf?: string; epoch?: string },
): Promise<CommandResult> {
  const [receiptPath] = paths;
  const leafWithoutEpoch = options.leaf !== undefined && options.epoch === undefined;
  if (receiptPath === undefined || paths.length > 1 || leafWithoutEpoch) return { code: 64, lines: [USAGE] };
  const receipt = readJson<ReceiptFile>(receiptPath, "the receipt file");
  const checks: Check[] = [checkReceipt(receipt)];
  const notChecked: string[] = [];
  if (options.epoch === undefined) {
    notChecked.push("that the receipt's key is the bank's (no --epoch given)");
    return report(checks, notChecked);
  }
  const epoch = readJson<EpochFile>(options.epoch, "the epoch file");
  checks.push(checkReceiptKey(receipt, epoch), checkRootSignature(epoch));
  if (options.leaf === undefined) {
    notChecked.push("the balance after against your leaf (no --leaf given)");
    return report(checks, notChecked);
  }
  const leaf = readJson<LeafFile>(options.leaf, "the leaf file");
  checks.push(checkLeaf(epoch, leaf));
  if (checks.some((check) => !check.ok)) {
    notChecked.push("the balance after against your leaf (a check above failed)");
    return report(checks, notChecked);
  }
  const compared = compareReceiptWithLeaf(receipt, epoch, leaf);
  if ("check" in compared) checks.push(compared.check);
  else notChecked.push(compared.notComparable);
  return report(checks, notChecked);
}

/** Runs the command; answers the exit code and the lines to print. */
export async function run(argv: readonly string[]): Promise<CommandResult> {
  const { positionals, values } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      leaf: { type: "string" },
      chain: { type: "string" },
      epoch: { type: "string" },
      help: { type: "boolean" },
    },
  });
  const [command, ...paths] = positionals;
  if (values.help === true) return { code: 0, lines: [USAGE] };
  if (command === "proof") return proofCommand(paths, values);
  if (command === "receipt") return receiptCommand(paths, values);
  return { code: 64, lines: [USAGE] };
}

/** Runs the command and sets the exit code: what `satsbank-verify` (bin/satsbank-verify.js) calls. */
export async function main(argv: readonly string[]): Promise<void> {
  try {
    const { code, lines } = await run(argv);
    process.stdout.write(`${lines.join("\n")}\n`);
    process.exitCode = code;
  } catch (error) {
    process.stderr.write(`satsbank-verify: ${(error as Error).message}\n`);
    process.exitCode = 2;
  }
}

/** Run as `node dist/cli.js`, not imported (by the bin or a test). */
function invokedDirectly(): boolean {
  const script = process.argv[1];
  return script !== undefined && realpathSync(script) === fileURLToPath(import.meta.url);
}

if (invokedDirectly()) await main(process.argv.slice(2));
