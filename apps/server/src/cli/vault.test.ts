import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Transaction } from "@scure/btc-signer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { networkParams } from "../bitcoin/network.js";
import { vaultOutput } from "../bitcoin/vault/address.js";
import { parseVaultDescriptor } from "../bitcoin/vault/descriptor.js";
import {
  FOREIGN_MNEMONIC,
  fixtureKeyFile,
  holderDescriptor,
  holderKeyFiles,
} from "../bitcoin/vault/fixtures/vault-keys.js";
import { validVaultSignatures, vaultPsbtInput } from "../bitcoin/vault/psbt.js";

// The real command, in a child process, on PSBT and key files in a folder of its own.
const serverDir = fileURLToPath(new URL("../..", import.meta.url));
const vault = parseVaultDescriptor(holderDescriptor("regtest"), "regtest");
const [holder1, holder2] = holderKeyFiles("regtest");
const coin = { txid: "22".repeat(32), vout: 0, valueSats: 5_000_000n, chain: "receive", index: 9 } as const;
const spent = vaultOutput(vault, coin.chain, coin.index);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "satsbank-vault-cli-"));
  const files = {
    "key-1.json": holder1,
    "key-2.json": holder2,
    "foreign.json": fixtureKeyFile("regtest", FOREIGN_MNEMONIC),
  };
  for (const [name, file] of Object.entries(files)) {
    await writeFile(path.join(dir, name), JSON.stringify(file), { mode: 0o600 });
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function vaultCli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(
    process.execPath,
    ["--conditions=development", "--import", "tsx", "src/cli/vault.ts", ...args],
    { cwd: serverDir, env: { ...process.env, NODE_ENV: "development", ...env } },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, stdout, stderr })),
  );
}

/** A PSBT spending the vault coin (a made-up prevout: the PSBT carries its output) to one address. */
function refillPsbt(): Transaction {
  const tx = new Transaction();
  tx.addInput(vaultPsbtInput(vault, coin));
  tx.addOutputAddress(
    "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080",
    4_990_000n,
    networkParams.regtest.params,
  );
  return tx;
}

const readPsbt = async (file: string) =>
  Transaction.fromPSBT(Buffer.from((await readFile(file, "utf8")).trim(), "base64"));
const signers = (tx: Transaction) =>
  validVaultSignatures(tx, 0, spent)
    .map((key) => key.keyNumber)
    .sort();

describe("npm run vault -- sign", () => {
  it("signs with one key, then another: neither run finalises, and two signatures do", async () => {
    const unsigned = path.join(dir, "refill.psbt");
    await writeFile(unsigned, `${Buffer.from(refillPsbt().toPSBT()).toString("base64")}\n`);

    const first = await vaultCli(["sign", unsigned, "--key", path.join(dir, "key-1.json")]);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const once = path.join(dir, `refill.signed-${holder1?.fingerprint}.psbt`);
    expect(first.stdout).toContain(`Signed 1 input of 1 with the key ${holder1?.fingerprint}: ${once}`);
    expect(first.stdout).toContain("Not finalised");
    const afterOne = await readPsbt(once);
    expect(afterOne.isFinal).toBe(false);
    expect(signers(afterOne)).toEqual([1]);
    expect(() => afterOne.finalize()).toThrow(/wrong signatures count/);

    const second = await vaultCli(["sign", once, "--key", path.join(dir, "key-2.json")]);
    expect(second.code).toBe(0);
    const twice = path.join(dir, `refill.signed-${holder1?.fingerprint}.signed-${holder2?.fingerprint}.psbt`);
    const afterTwo = await readPsbt(twice);
    expect(afterTwo.isFinal).toBe(false);
    expect(signers(afterTwo)).toEqual([1, 2]);
    afterTwo.finalize();
    expect(afterTwo.isFinal).toBe(true);
  });

  it("reads and writes a binary PSBT as such", async () => {
    const unsigned = path.join(dir, "binary.psbt");
    await writeFile(unsigned, refillPsbt().toPSBT());
    const run = await vaultCli(["sign", unsigned, "--key", path.join(dir, "key-2.json")]);
    expect(run.code).toBe(0);
    const signed = await readFile(path.join(dir, `binary.signed-${holder2?.fingerprint}.psbt`));
    expect(signers(Transaction.fromPSBT(signed))).toEqual([2]);
  });

  it("refuses a key that is none of the PSBT's, and files it cannot read", async () => {
    const unsigned = path.join(dir, "refill.psbt");
    const foreign = await vaultCli(["sign", unsigned, "--key", path.join(dir, "foreign.json")]);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toMatch(
      /^Error: The key [0-9a-f]{8} \(.*foreign\.json\) signs none of the PSBT's 1 inputs/,
    );

    const notKey = await vaultCli(["sign", unsigned, "--key", unsigned]);
    expect(notKey.code).toBe(1);
    expect(notKey.stderr).toBe(`Error: ${unsigned} is not a usable vault key file: it is not JSON\n`);

    const notPsbt = await vaultCli([
      "sign",
      path.join(dir, "key-1.json"),
      "--key",
      path.join(dir, "key-1.json"),
    ]);
    expect(notPsbt.stderr).toMatch(/is not a PSBT \(binary, or base64 text/);

    const missing = await vaultCli([
      "sign",
      path.join(dir, "nothing.psbt"),
      "--key",
      path.join(dir, "key-1.json"),
    ]);
    expect(missing.stderr).toBe(`Error: No such file: ${path.join(dir, "nothing.psbt")}\n`);

    const noKey = await vaultCli(["sign", unsigned]);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain("--key <key file> is required");
  });

  it("refuses to run in production", async () => {
    const run = await vaultCli(
      ["sign", path.join(dir, "refill.psbt"), "--key", path.join(dir, "key-1.json")],
      {
        NODE_ENV: "production",
      },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      "Error: npm run vault is for development and tests only: key holders sign with their own wallet (Sparrow, Bitcoin Core, a hardware wallet)\n",
    );
  });
});
