// `npm run vault -- sign <file.psbt> --key <key file>`: signs a cold vault PSBT with one key of the demo vault
// ($DATA_DIR/vault/key-N.json), as a key holder's wallet would, and writes the signed PSBT beside it. It never
// finalises: the server gathers the key holders' signatures, checks them and finalises. Development and tests
// only: real key holders sign with their own wallet, and their keys never touch the server.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { bip32Path, Transaction } from "@scure/btc-signer";
import { fingerprintHex } from "../bitcoin/vault/key-expression.js";
import { KeyFileError, keyFileMaster, parseKeyFile } from "../bitcoin/vault/key-file.js";
import { signVaultInputs } from "../bitcoin/vault/sign.js";
import { systemErrorCode } from "../domain/system-error.js";

const USAGE = [
  "Usage:",
  "  npm run vault -- sign <file.psbt> --key <key file>",
  "      signs every input of the PSBT (base64 or binary) the key belongs to, and writes",
  "      <file>.signed-<fingerprint>.psbt beside it; never finalises",
].join("\n");

const PSBT_MAGIC = Buffer.from([0x70, 0x73, 0x62, 0x74, 0xff]);

function usage(problem?: string): never {
  if (problem) console.error(problem);
  console.error(USAGE);
  process.exit(2);
}

function fail(message: string): never {
  console.error(`Error: ${message}`);
  process.exit(1);
}

// This command reads a private key: like the sandbox, it is a development tool, and says so before anything.
if (process.env.NODE_ENV === "production") {
  fail(
    "npm run vault is for development and tests only: key holders sign with their own wallet (Sparrow, Bitcoin Core, a hardware wallet)",
  );
}

const { positionals, values } = parseArgs({ allowPositionals: true, options: { key: { type: "string" } } });
const [command, psbtFile, ...extra] = positionals;
if (command !== "sign") usage(command === undefined ? undefined : `Unknown command: ${command}`);
if (psbtFile === undefined || extra.length > 0) usage();
if (values.key === undefined) usage("--key <key file> is required");

async function read(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    if (systemErrorCode(error) === "ENOENT") fail(`No such file: ${file}`);
    throw error;
  }
}

/** The PSBT's bytes and whether it came as base64 text (the signed one is written the same way). */
function psbtBytes(content: Buffer, file: string): { bytes: Uint8Array; base64: boolean } {
  if (content.subarray(0, PSBT_MAGIC.length).equals(PSBT_MAGIC)) return { bytes: content, base64: false };
  const text = content.toString("utf8").trim();
  const decoded = /^[A-Za-z0-9+/]+={0,2}$/.test(text) ? Buffer.from(text, "base64") : Buffer.alloc(0);
  if (!decoded.subarray(0, PSBT_MAGIC.length).equals(PSBT_MAGIC)) {
    fail(`${file} is not a PSBT (binary, or base64 text as Sparrow and Bitcoin Core write it)`);
  }
  return { bytes: decoded, base64: true };
}

const keyFile = values.key;
let master: ReturnType<typeof keyFileMaster>;
let accountPath: number[];
try {
  const key = parseKeyFile((await read(keyFile)).toString("utf8"));
  master = keyFileMaster(key);
  accountPath = bip32Path(key.accountPath);
} catch (error) {
  if (error instanceof KeyFileError) fail(`${keyFile} is not a usable vault key file: ${error.message}`);
  throw error;
}

const { bytes, base64 } = psbtBytes(await read(psbtFile), psbtFile);
let tx: Transaction;
try {
  tx = Transaction.fromPSBT(bytes);
} catch (error) {
  fail(
    `${psbtFile} is not a PSBT this command reads: ${error instanceof Error ? error.message : String(error)}`,
  );
}

const fingerprint = fingerprintHex(master.fingerprint);
const { signed, skipped } = signVaultInputs(tx, master, accountPath);
if (signed.length === 0) {
  fail(
    `The key ${fingerprint} (${keyFile}) signs none of the PSBT's ${tx.inputsLength} inputs: it is not one of their keys`,
  );
}
const signedPsbt = tx.toPSBT();
const output = path.join(
  path.dirname(psbtFile),
  `${path.basename(psbtFile).replace(/\.psbt$/i, "")}.signed-${fingerprint}.psbt`,
);
await writeFile(output, base64 ? `${Buffer.from(signedPsbt).toString("base64")}\n` : signedPsbt);
const inputs = (n: number) => `${n} input${n === 1 ? "" : "s"}`;
console.info(`Signed ${inputs(signed.length)} of ${tx.inputsLength} with the key ${fingerprint}: ${output}`);
for (const { input, reason } of skipped) console.info(`  input ${input} not signed: ${reason}`);
console.info("Not finalised: the server gathers the key holders' signatures (2 of 3) and finalises.");
