import type { Clock } from "../../adapters/clock.js";
import type { ChainBackend } from "../../bitcoin/chain/chain-backend.js";
import type { ColdVault } from "../../bitcoin/vault/index.js";
import type { WalletKeys } from "../../bitcoin/wallet-keys.js";
import type { Db } from "../../db/client.js";
import type { Sats } from "../../domain/money.js";

/** The custody settings (config/vault.ts): the cold vault, and how much the hot wallet holds. */
export type VaultSettings = {
  /** Null: no vault is configured; the module does nothing and its routes say so. */
  coldVault: ColdVault | null;
  /** Above this, the worker sweeps the hot wallet's excess to the vault... */
  hotWalletMaxSats: Sats;
  /** ...down to this; a refill tops the hot wallet up to it. */
  hotWalletTargetSats: Sats;
};

/** What the vault's use cases work with. */
export type VaultContext = VaultSettings & {
  db: Db;
  clock: Clock;
  chain: ChainBackend;
  /** The hot wallet: a refill pays a new address of its change chain. */
  walletKeys: WalletKeys;
  /** A refill settles this many blocks deep (CONFIRMATIONS). */
  confirmations: number;
  /** A refill's fee rate is the backend's estimate for this many blocks (default 3, as payouts). */
  feeTargetBlocks?: number;
};

export const DEFAULT_FEE_TARGET_BLOCKS = 3;

/** The vault's name in the tables: its descriptor's checksum (another descriptor is another vault). */
export function vaultId(vault: ColdVault): string {
  const checksum = vault.descriptor.split("#")[1];
  if (checksum === undefined) throw new Error("The vault's descriptor has no checksum");
  return checksum;
}
