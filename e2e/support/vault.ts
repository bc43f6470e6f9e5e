import { execFile } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type APIRequestContext, expect } from "@playwright/test";
import { withAccountLock } from "./account-lock.js";
import { sandboxMine } from "./sandbox.js";

// The embedded default's demo vault (issue 19): the server under test made its three key files in its
// DATA_DIR (vault/key-1.json ... key-3.json) on its first start; a key holder's wallet is
// `npm run vault -- sign`, run here as a child process from the repository's root.

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const run = promisify(execFile);

/** The demo vault's key file number `key` (1 to 3), in the server's DATA_DIR. */
export function demoKeyFile(key: 1 | 2 | 3): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: the e2e config sets it for the server");
  return join(dataDir, "vault", `key-${key}.json`);
}

/**
 * Signs the PSBT file `psbt` with the demo vault's key `key`, as `npm run vault -- sign <file> --key <key
 * file>` does (it writes `<file>.signed-<fingerprint>.psbt` beside it, binary or base64 as the input came),
 * and answers the signed file's path.
 */
export async function signWithDemoKey(psbt: string, key: 1 | 2 | 3): Promise<string> {
  const { stdout } = await run(
    "npm",
    ["run", "--silent", "vault", "--", "sign", psbt, "--key", demoKeyFile(key)],
    {
      cwd: root,
    },
  );
  const signed = /^Signed \d+ inputs? of \d+ with the key [0-9a-f]{8}: (.+)$/m.exec(stdout)?.[1];
  if (!signed) throw new Error(`npm run vault -- sign wrote no signed file:\n${stdout}`);
  return signed;
}

interface VaultFigures {
  configured: boolean;
  vault?: { availableSats: string; incomingSats: string };
}

async function vaultFigures(request: APIRequestContext): Promise<VaultFigures> {
  const response = await request.get("/api/admin/vault");
  expect(response.ok(), `GET /api/admin/vault answered ${response.status()}`).toBe(true);
  return (await response.json()) as VaultFigures;
}

/**
 * Waits until the vault has `sats` free for a refill (a staff session's `request`). The seeded hot wallet is
 * above the max (0.1 BTC), so the server's first pass swept the excess to the vault: a block confirms that
 * sweep (a refill's change, too), and its coin is free for a refill.
 */
export async function vaultWithCoins(request: APIRequestContext, sats: bigint): Promise<void> {
  for (let blocks = 0; ; blocks += 1) {
    const figures = await vaultFigures(request);
    if (!figures.configured || !figures.vault) throw new Error("the server under test has no cold vault");
    if (BigInt(figures.vault.availableSats) >= sats) return;
    if (BigInt(figures.vault.incomingSats) === 0n || blocks === 3) {
      throw new Error(`the vault has ${figures.vault.availableSats} sat free and nothing on its way in`);
    }
    await sandboxMine(request);
  }
}

/** The cold vault's refills take turns: its coins are few, and a refill locks the ones it spends. */
export function withVault<T>(work: () => Promise<T>): Promise<T> {
  return withAccountLock("cold-vault", work, 90_000);
}
