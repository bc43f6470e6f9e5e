import type { Clock } from "../../adapters/clock.js";
import type { ChainBackend } from "../../bitcoin/chain/chain-backend.js";
import { deriveProofKey, type ProofKey } from "../../bitcoin/proof-key.js";
import type { ColdVault } from "../../bitcoin/vault/index.js";
import { deriveWalletKeys, type WalletKeys } from "../../bitcoin/wallet-keys.js";
import type { AppConfig } from "../../config/config.js";
import type { Db } from "../../db/client.js";

/** What the reserves proof needs: the chain backend (which coins it shows), the hot key, the vault. */
export type ReservesSettings = {
  chain: Pick<ChainBackend, "tip" | "outputs" | "transactionStatus">;
  walletKeys: WalletKeys;
  coldVault: ColdVault | null;
};

/** What the proof module works with: the bank's name and its proof key (derived when first needed). */
export type ProofContext = {
  db: Db;
  clock: Clock;
  brandName: string;
  proofKey: () => ProofKey;
  /** Without it an epoch has no reserves proof: only tests of the tree alone leave it out. */
  reserves?: ReservesSettings;
};

/** The configuration's part of the context: the brand, and the key at PROOF_KEY_PATH of WALLET_MNEMONIC. */
export function proofSettingsOf(
  config: Pick<AppConfig, "brandName" | "walletMnemonic">,
): Pick<ProofContext, "brandName" | "proofKey"> {
  return { brandName: config.brandName, proofKey: () => deriveProofKey(config.walletMnemonic) };
}

/** The reserves proof's settings: `chain`, the hot wallet's keys of WALLET_MNEMONIC, the configured vault. */
export function reservesSettingsOf(
  config: Pick<AppConfig, "walletMnemonic" | "bitcoinNetwork" | "coldVault">,
  chain: ReservesSettings["chain"],
): ReservesSettings {
  return {
    chain,
    walletKeys: deriveWalletKeys(config.walletMnemonic, config.bitcoinNetwork),
    coldVault: config.coldVault,
  };
}

/** The whole context from the configuration: the brand, the proof key and the reserves proof's settings. */
export function proofContextOf(
  config: Pick<AppConfig, "brandName" | "walletMnemonic" | "bitcoinNetwork" | "coldVault">,
  { db, clock, chain }: { db: Db; clock: Clock; chain: ReservesSettings["chain"] },
): ProofContext {
  return { db, clock, ...proofSettingsOf(config), reserves: reservesSettingsOf(config, chain) };
}
