import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { vaultAddress } from "../bitcoin/vault/address.js";
import { parseVaultDescriptor } from "../bitcoin/vault/descriptor.js";
import { holderDescriptor } from "../bitcoin/vault/fixtures/vault-keys.js";
import { keyFileExpression, parseKeyFile } from "../bitcoin/vault/key-file.js";
import { ConfigError, loadConfig } from "./config.js";
import { withColdVault } from "./vault.js";

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "satsbank-vault-"));
  dirs.push(dir);
  return path.join(dir, "data");
}

function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error("expected loadConfig to throw");
}

describe("COLD_VAULT_DESCRIPTOR, HOT_WALLET_MAX_SATS and HOT_WALLET_TARGET_SATS", () => {
  it("default to the demo vault and a 0.1 BTC hot wallet kept at 0.05 BTC", () => {
    expect(loadConfig({})).toMatchObject({
      coldVault: null,
      hotWalletMaxSats: 10_000_000n,
      hotWalletTargetSats: 5_000_000n,
    });
  });

  it("read the vault's descriptor for the network, and the hot wallet's amounts", () => {
    const config = loadConfig({
      COLD_VAULT_DESCRIPTOR: holderDescriptor("regtest"),
      HOT_WALLET_MAX_SATS: "250000000",
      HOT_WALLET_TARGET_SATS: "100000000",
    });
    expect(config.coldVault?.descriptor).toBe(holderDescriptor("regtest"));
    expect(config.coldVault?.network).toBe("regtest");
    expect(config.hotWalletMaxSats).toBe(250_000_000n);
    expect(config.hotWalletTargetSats).toBe(100_000_000n);
  });

  it("refuse a bad descriptor in one line, never echoing it", () => {
    const message = configError({ COLD_VAULT_DESCRIPTOR: holderDescriptor("mainnet") });
    expect(message).toBe(
      "Invalid configuration: COLD_VAULT_DESCRIPTOR key 1 is an xpub (mainnet): BITCOIN_NETWORK=regtest takes tpub keys",
    );
    expect(configError({ COLD_VAULT_DESCRIPTOR: "wsh(sortedmulti(2,a,b,c))" })).toMatch(
      /^Invalid configuration: COLD_VAULT_DESCRIPTOR has no checksum/,
    );
    // The same tpubs serve every test network.
    const testnet = {
      BITCOIN_NETWORK: "testnet",
      CHAIN_BACKEND: "esplora",
      ESPLORA_URL: "https://e.internal",
    };
    expect(
      loadConfig({ ...testnet, COLD_VAULT_DESCRIPTOR: holderDescriptor("regtest") }).coldVault?.network,
    ).toBe("testnet");
  });

  it("refuse amounts that are not whole satoshis above 0, and a target not below the max", () => {
    expect(configError({ HOT_WALLET_MAX_SATS: "0.5" })).toBe(
      'Invalid configuration: HOT_WALLET_MAX_SATS must be a whole number of satoshis above 0 (got "0.5")',
    );
    expect(configError({ HOT_WALLET_TARGET_SATS: "0" })).toBe(
      'Invalid configuration: HOT_WALLET_TARGET_SATS must be a whole number of satoshis above 0 (got "0")',
    );
    expect(configError({ HOT_WALLET_MAX_SATS: "2100000000000001" })).toMatch(
      /^Invalid configuration: HOT_WALLET_MAX_SATS must be at most 21 million BTC in satoshis/,
    );
    expect(configError({ HOT_WALLET_MAX_SATS: "5000000" })).toBe(
      "Invalid configuration: HOT_WALLET_TARGET_SATS (5000000) must be below HOT_WALLET_MAX_SATS (5000000)",
    );
    expect(configError({ HOT_WALLET_MAX_SATS: "20000000", HOT_WALLET_TARGET_SATS: "30000000" })).toBe(
      "Invalid configuration: HOT_WALLET_TARGET_SATS (30000000) must be below HOT_WALLET_MAX_SATS (20000000)",
    );
  });

  it("require a descriptor on mainnet, even outside production", () => {
    expect(
      configError({
        BITCOIN_NETWORK: "mainnet",
        CHAIN_BACKEND: "esplora",
        ESPLORA_URL: "https://esplora.internal",
      }),
    ).toBe(
      "Invalid configuration: COLD_VAULT_DESCRIPTOR is required with BITCOIN_NETWORK=mainnet: a demo vault keeps its keys in DATA_DIR, beside the server",
    );
  });
});

describe("withColdVault", () => {
  it("uses COLD_VAULT_DESCRIPTOR when it is set, and writes nothing", async () => {
    const dir = await dataDir();
    const config = loadConfig({ DATA_DIR: dir, COLD_VAULT_DESCRIPTOR: holderDescriptor("regtest") });
    const warnings: string[] = [];
    expect((await withColdVault(config, (message) => warnings.push(message))).coldVault.descriptor).toBe(
      holderDescriptor("regtest"),
    );
    expect(warnings).toEqual([]);
    await expect(stat(path.join(dir, "vault"))).rejects.toThrow();
  });

  it("generates the demo vault on first start: three key files (0600), the descriptor, a loud warning", async () => {
    const dir = await dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    const warnings: string[] = [];
    const { coldVault } = await withColdVault(config, (message) => warnings.push(message));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("COLD_VAULT_DESCRIPTOR is not set: generated a DEMO cold vault");
    expect(warnings[0]).toContain(coldVault.descriptor);
    expect(warnings[0]).toContain("npm run vault -- sign <file.psbt> --key <key file>");

    const vaultDir = path.join(dir, "vault");
    expect((await stat(vaultDir)).mode & 0o777).toBe(0o700);
    const files = [];
    for (const number of [1, 2, 3]) {
      const file = path.join(vaultDir, `key-${number}.json`);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      files.push(parseKeyFile(await readFile(file, "utf8")));
    }
    expect(files.map((file) => file.network)).toEqual(["regtest", "regtest", "regtest"]);
    expect(new Set(files.map((file) => file.mnemonic)).size).toBe(3);
    expect((await readFile(path.join(vaultDir, "descriptor"), "utf8")).trim()).toBe(coldVault.descriptor);
    expect(coldVault.descriptor).toMatch(/^wsh\(sortedmulti\(2,\[[0-9a-f]{8}\/48h\/1h\/0h\/2h\]tpub/);
    expect(coldVault.descriptor).toContain(files.map(keyFileExpression).join(","));
    expect(parseVaultDescriptor(coldVault.descriptor, "regtest").chains).toEqual(["receive", "change"]);

    // Later starts read it back and say so in one line.
    const again = await withColdVault(config, (message) => warnings.push(message));
    expect(again.coldVault.descriptor).toBe(coldVault.descriptor);
    expect(vaultAddress(again.coldVault, "receive", 0)).toBe(vaultAddress(coldVault, "receive", 0));
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toBe(
      `The demo cold vault (COLD_VAULT_DESCRIPTOR unset, keys in ${vaultDir}): ${coldVault.descriptor}`,
    );
  });

  it("makes the descriptor again from the key files when only it is missing", async () => {
    const dir = await dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    const first = await withColdVault(config, () => {});
    await rm(path.join(dir, "vault", "descriptor"));
    const rebuilt = await withColdVault(config, () => {});
    expect(rebuilt.coldVault.descriptor).toBe(first.coldVault.descriptor);
  });

  it("refuses a descriptor file that does not parse, naming the file", async () => {
    const dir = await dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    await withColdVault(config, () => {});
    const file = path.join(dir, "vault", "descriptor");
    await writeFile(file, "wsh(sortedmulti(2,a,b,c))\n");
    await expect(withColdVault(config, () => {})).rejects.toThrow(`${file} has no checksum`);
  });

  it("two processes starting at once make one vault", async () => {
    const dir = await dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    const [a, b] = await Promise.all([withColdVault(config, () => {}), withColdVault(config, () => {})]);
    expect(a.coldVault.descriptor).toBe(b.coldVault.descriptor);
  });

  it("never makes a demo vault in production or on mainnet", async () => {
    const dir = await dataDir();
    const config = { ...loadConfig({ DATA_DIR: dir }), nodeEnv: "production" as const };
    await expect(withColdVault(config, () => {})).rejects.toThrow(
      "COLD_VAULT_DESCRIPTOR is required: a demo vault is for development and tests only",
    );
    const mainnet = { ...loadConfig({ DATA_DIR: dir }), bitcoinNetwork: "mainnet" as const };
    await expect(withColdVault(mainnet, () => {})).rejects.toThrow(/COLD_VAULT_DESCRIPTOR is required/);
    await expect(stat(path.join(dir, "vault"))).rejects.toThrow();
  });
});
