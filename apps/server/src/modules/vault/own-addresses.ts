import { type ColdVault, type VaultChain, vaultAddress } from "../../bitcoin/vault/index.js";
import type { Db } from "../../db/client.js";
import { isRecordedVaultAddress, nextVaultIndexes } from "./address-queries.js";
import { isRefillAddress } from "./refill-queries.js";

/**
 * How many of the vault's addresses past the last one the bank used count as its own on each chain (as a
 * wallet's gap limit): the next sweep's and the next refill's change among them.
 */
export const VAULT_ADDRESS_GAP = 20;

// Each vault's addresses derived so far, per chain, by index (for the life of the process).
const derived = new WeakMap<ColdVault, Map<VaultChain, string[]>>();

function addressesOf(vault: ColdVault, chain: VaultChain, upTo: number): string[] {
  let chains = derived.get(vault);
  if (chains === undefined) {
    chains = new Map();
    derived.set(vault, chains);
  }
  const list = chains.get(chain) ?? [];
  chains.set(chain, list);
  for (let index = list.length; index < upTo; index++) list.push(vaultAddress(vault, chain, index));
  return list;
}

/**
 * The addresses module's `VaultAddresses` port (a send to one of the bank's own addresses is refused): an
 * address of the vault the bank used (a sweep's, a refill's change, any vault it had), one of the next
 * VAULT_ADDRESS_GAP of the configured vault's chains, or the hot wallet's address a refill pays (an index of
 * its change chain already handed out, which the payouts' change list does not hold).
 */
export function vaultAddressesOf(vault: ColdVault | null): (db: Db, address: string) => Promise<boolean> {
  return async (db, address) => {
    if ((await isRecordedVaultAddress(db, address)) || (await isRefillAddress(db, address))) return true;
    if (vault === null) return false;
    const next = await nextVaultIndexes(db, vault);
    return vault.chains.some((chain) => {
      const from = next[chain];
      return addressesOf(vault, chain, from + VAULT_ADDRESS_GAP).indexOf(address, from) !== -1;
    });
  };
}
