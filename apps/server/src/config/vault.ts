import { z } from "zod";
import type { BitcoinNetwork } from "../bitcoin/network.js";
import { readOrCreateDemoVault } from "../bitcoin/vault/demo-vault.js";
import { type ColdVault, parseVaultDescriptor, VaultDescriptorError } from "../bitcoin/vault/descriptor.js";
import { MAX_SATS, type Sats, sats } from "../domain/money.js";
import { optional, type VarsOf } from "./parsers.js";

// The custody variables of config.ts (issue 19): the cold vault's descriptor and how much the hot wallet
// holds. Parsed in the same single pass as every other variable.

const positiveSats = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, { error: "must be a whole number of satoshis above 0" })
  .transform(BigInt)
  .refine((value) => value <= MAX_SATS, { error: "must be at most 21 million BTC in satoshis" })
  .transform(sats);

export const vaultEnvShape = {
  COLD_VAULT_DESCRIPTOR: optional(z.string()),
  HOT_WALLET_MAX_SATS: optional(positiveSats),
  HOT_WALLET_TARGET_SATS: optional(positiveSats),
};

/**
 * Never echoed back in an error: the descriptor names every address of the bank's cold coins, and one pasted
 * with a private key in it must not reach a log.
 */
export const vaultSecretVariables = ["COLD_VAULT_DESCRIPTOR"] as const;

type VaultVars = VarsOf<typeof vaultEnvShape>;

export const DEFAULT_HOT_WALLET_MAX_SATS = sats(10_000_000n);
export const DEFAULT_HOT_WALLET_TARGET_SATS = sats(5_000_000n);

export type VaultConfig = {
  /**
   * The cold vault: a 2-of-3 of the key holders' keys, public keys only. Null: the embedded default, a demo
   * vault generated into `$DATA_DIR/vault` (withColdVault); never in production or on mainnet.
   */
  coldVault: ColdVault | null;
  /** Above this, the hot wallet's coins are swept to the vault (down to the target). */
  hotWalletMaxSats: Sats;
  /** What a sweep leaves in the hot wallet and a refill tops it up to; below the max. */
  hotWalletTargetSats: Sats;
};

/** The custody part of the Config; a string is a problem to report (same style as the schema's). */
export function vaultConfig(vars: VaultVars, network: BitcoinNetwork): VaultConfig | string {
  let coldVault: ColdVault | null = null;
  if (vars.COLD_VAULT_DESCRIPTOR !== undefined) {
    try {
      coldVault = parseVaultDescriptor(vars.COLD_VAULT_DESCRIPTOR, network);
    } catch (error) {
      if (error instanceof VaultDescriptorError) return error.message;
      throw error;
    }
  } else if (network === "mainnet") {
    return "COLD_VAULT_DESCRIPTOR is required with BITCOIN_NETWORK=mainnet: a demo vault keeps its keys in DATA_DIR, beside the server";
  }
  const hotWalletMaxSats = vars.HOT_WALLET_MAX_SATS ?? DEFAULT_HOT_WALLET_MAX_SATS;
  const hotWalletTargetSats = vars.HOT_WALLET_TARGET_SATS ?? DEFAULT_HOT_WALLET_TARGET_SATS;
  if (hotWalletTargetSats >= hotWalletMaxSats) {
    return `HOT_WALLET_TARGET_SATS (${hotWalletTargetSats}) must be below HOT_WALLET_MAX_SATS (${hotWalletMaxSats})`;
  }
  return { coldVault, hotWalletMaxSats, hotWalletTargetSats };
}

type ColdVaultSettings = VaultConfig & {
  dataDir: string;
  bitcoinNetwork: BitcoinNetwork;
  nodeEnv: "development" | "test" | "production";
};

/**
 * Settles the cold vault. Unset (the embedded default; production and mainnet refuse it): the demo vault of
 * `$DATA_DIR/vault`, generated on first start with a loud warning (three key files and the descriptor).
 */
export async function withColdVault<C extends ColdVaultSettings>(
  config: C,
  warn: (message: string) => void = (message) => console.warn(message),
): Promise<C & { coldVault: ColdVault }> {
  if (config.coldVault !== null) return { ...config, coldVault: config.coldVault };
  if (config.nodeEnv === "production" || config.bitcoinNetwork === "mainnet") {
    throw new Error("COLD_VAULT_DESCRIPTOR is required: a demo vault is for development and tests only");
  }
  const demo = await readOrCreateDemoVault(config.dataDir, config.bitcoinNetwork);
  if (demo.created) {
    warn(
      [
        "",
        "!!! COLD_VAULT_DESCRIPTOR is not set: generated a DEMO cold vault (2-of-3) and its three keys in",
        `!!!   ${demo.dir}  (key-1.json, key-2.json, key-3.json: mode 0600)`,
        "!!! Its descriptor (kept in the same folder):",
        `!!!   ${demo.vault.descriptor}`,
        "!!! Whoever reads two key files can spend the vault's coins. Sign a vault PSBT with",
        "!!!   npm run vault -- sign <file.psbt> --key <key file>",
        "!!! Development only; production refuses to start without COLD_VAULT_DESCRIPTOR.",
        "",
      ].join("\n"),
    );
  } else {
    warn(`The demo cold vault (COLD_VAULT_DESCRIPTOR unset, keys in ${demo.dir}): ${demo.vault.descriptor}`);
  }
  return { ...config, coldVault: demo.vault };
}
