// `npm run vault -- sign <file.psbt> --key <key file>`: signs a cold vault PSBT with one key of the demo vault
// ($DATA_DIR/vault/key-N.json), as a key holder's wallet would, and writes the signed PSBT beside it. It never
// finalises: the server gathers the key holders' signatures, checks them and finalises. Development and tests
// only: real key holders sign with their own wallet, and their keys never touch the server.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { systemErrorCode } from "../domain/system-error.js";
import { signPsbtFile, VaultSignError } from "./vault-sign.js";

const USAGE = [
  "Usage:",
  "  npm run vault -- sign <file.psbt> --key <key file>",
  "      signs every input of the PSBT (base64 or binary) the key belongs to, and writes",
  "      <file>.signed-<fingerprint>.psbt beside it; never finalises",
].join("\n");

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

const keyFile = values.key;
const keyText = (await read(keyFile)).toString("utf8");
let result: ReturnType<typeof signPsbtFile>;
try {
  result = signPsbtFile({ psbt: await read(psbtFile), psbtFile, keyFile: keyText, keyFileName: keyFile });
} catch (error) {
  if (error instanceof VaultSignError) fail(error.message);
  throw error;
}
const { fingerprint, signed, skipped } = result;
const output = path.join(
  path.dirname(psbtFile),
  `${path.basename(psbtFile).replace(/\.psbt$/i, "")}.signed-${fingerprint}.psbt`,
);
await writeFile(output, result.content);
const inputs = (n: number) => `${n} input${n === 1 ? "" : "s"}`;
console.info(`Signed ${inputs(signed.length)} of ${result.inputs} with the key ${fingerprint}: ${output}`);
for (const { input, reason } of skipped) console.info(`  input ${input} not signed: ${reason}`);
console.info("Not finalised: the server gathers the key holders' signatures (2 of 3) and finalises.");
