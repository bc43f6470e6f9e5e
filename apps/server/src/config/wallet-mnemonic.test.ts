import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isValidMnemonic } from "../bitcoin/keys.js";
import { loadConfig } from "./config.js";
import { withWalletMnemonic } from "./wallet-mnemonic.js";

const MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "satsbank-mnemonic-"));
  dirs.push(dir);
  return path.join(dir, "data");
}

describe("withWalletMnemonic", () => {
  it("uses WALLET_MNEMONIC when it is set, and writes nothing", async () => {
    const dir = await dataDir();
    const config = loadConfig({ DATA_DIR: dir, WALLET_MNEMONIC: MNEMONIC });
    expect((await withWalletMnemonic(config)).walletMnemonic).toBe(MNEMONIC);
    await expect(stat(path.join(dir, "wallet-mnemonic"))).rejects.toThrow();
  });

  it("generates a 24-word mnemonic on first start, owner-only, with a loud warning, and keeps it", async () => {
    const dir = await dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    const warnings: string[] = [];
    const first = await withWalletMnemonic(config, (message) => warnings.push(message));
    expect(isValidMnemonic(first.walletMnemonic)).toBe(true);
    expect(first.walletMnemonic.split(" ")).toHaveLength(24);
    expect(warnings.join()).toContain("WALLET_MNEMONIC is not set");
    const file = path.join(dir, "wallet-mnemonic");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, "utf8")).trim()).toBe(first.walletMnemonic);

    const again = await withWalletMnemonic(config, (message) => warnings.push(message));
    expect(again.walletMnemonic).toBe(first.walletMnemonic);
    expect(warnings).toHaveLength(1);
  });

  it("refuses a file that holds no valid mnemonic", async () => {
    const dir = await dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    await withWalletMnemonic(config, () => {});
    await writeFile(path.join(dir, "wallet-mnemonic"), "abandon abandon\n");
    await expect(withWalletMnemonic(config)).rejects.toThrow(/no valid BIP39 mnemonic/);
  });
});
