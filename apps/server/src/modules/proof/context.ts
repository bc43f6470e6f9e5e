import type { Clock } from "../../adapters/clock.js";
import { deriveProofKey, type ProofKey } from "../../bitcoin/proof-key.js";
import type { AppConfig } from "../../config/config.js";
import type { Db } from "../../db/client.js";

/** What the proof module works with: the bank's name and its proof key (derived when first needed). */
export type ProofContext = {
  db: Db;
  clock: Clock;
  brandName: string;
  proofKey: () => ProofKey;
};

/** The configuration's part of the context: the brand, and the key at PROOF_KEY_PATH of WALLET_MNEMONIC. */
export function proofSettingsOf(
  config: Pick<AppConfig, "brandName" | "walletMnemonic">,
): Pick<ProofContext, "brandName" | "proofKey"> {
  return { brandName: config.brandName, proofKey: () => deriveProofKey(config.walletMnemonic) };
}
