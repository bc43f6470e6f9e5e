import {
  type ColdVault,
  VAULT_CHAIN_STEP,
  type VaultChain,
  vaultAddress,
} from "../../bitcoin/vault/index.js";
import { type KeyWindow, type VaultAddresses, type WindowStart, windowKey } from "../addresses/index.js";
import { isRecordedVaultAddress, nextVaultIndexes } from "./address-queries.js";
import { vaultId } from "./context.js";
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
 * its change chain already handed out, which the payouts' change list does not hold). Its `inDatabase`
 * twin gives wallet_send() the same answer: the tables it reads itself, the chains' windows from here.
 */
export function vaultAddressesOf(vault: ColdVault | null): VaultAddresses {
  const port: VaultAddresses = async (db, address) => {
    if ((await isRecordedVaultAddress(db, address)) || (await isRefillAddress(db, address))) return true;
    if (vault === null) return false;
    const next = await nextVaultIndexes(db, vault);
    return vault.chains.some((chain) => {
      const from = next[chain];
      return addressesOf(vault, chain, from + VAULT_ADDRESS_GAP).indexOf(address, from) !== -1;
    });
  };
  port.inDatabase = {
    windowsOf: (address, startOf) => (vault === null ? [] : windowsOf(vault, address, startOf)),
  };
  return port;
}

/** How far past a window windowsOf derives: the chain may grow this much before wallet_send() finds it moved. */
const VAULT_ADDRESS_MARGIN = 20;

/** The vault's chains' windows for a database function (addresses' KeyWindow), from the starts last seen. */
function windowsOf(vault: ColdVault, address: string, startOf: WindowStart): KeyWindow[] {
  const id = vaultId(vault);
  return vault.chains.map((chain) => {
    const step = VAULT_CHAIN_STEP[chain];
    const from = startOf(windowKey({ table: "vault", vault: id, chain: step })) ?? 0;
    const to = from + VAULT_ADDRESS_GAP + VAULT_ADDRESS_MARGIN;
    const index = addressesOf(vault, chain, to).indexOf(address, from);
    return {
      table: "vault",
      vault: id,
      chain: step,
      gap: VAULT_ADDRESS_GAP,
      from,
      to,
      index: index === -1 || index >= to ? null : index,
    };
  });
}
