import type { HDKey } from "@scure/bip32";
import { addressOf, CHANGE_CHAIN, DerivationChain, RECEIVE_CHAIN } from "../../bitcoin/keys.js";
import type { WalletKeys } from "../../bitcoin/wallet-keys.js";
import type { Db } from "../../db/client.js";
import { findNextIndexes, isPayoutChangeAddress } from "./queries.js";

/**
 * How many addresses past the next unused index of each chain count as the bank's own. The receive chain
 * hands out one address per deposit address asked for and the change chain one per payout, and what is
 * handed out next is at the next index: a window of 1,000 covers the addresses the bank is about to use
 * for far longer than any send waits (a withdrawal is checked again when it is sent), as a wallet's gap
 * limit does. Deriving it costs about a second of public-key derivation once per process (then one
 * derivation per address handed out), and it is kept in memory: 2,000 addresses, about 200 KB.
 */
export const BANK_ADDRESS_GAP = 1_000;

/** The vault's addresses: a port the vault module fills (it knows its descriptor); none without it. */
export type VaultAddresses = (db: Db, address: string) => Promise<boolean>;

/** Which of the bank's own addresses it is. */
export type BankAddressKind = "change" | "unissued" | "vault";

/** The addresses of one derivation chain derived so far (indexes `start` to `end`, exclusive), by address. */
type Derived = { chain: DerivationChain; byAddress: Map<string, number>; start: number; end: number };

// Per account key and chain, for the life of the process (the keys never change while it runs).
const derivedChains = new WeakMap<HDKey, Map<number, Derived>>();

/** The addresses of `chain` at indexes `from` to `to` (exclusive) among others, deriving only the new. */
function derivedAddresses(keys: WalletKeys, chain: number, from: number, to: number): Map<string, number> {
  let chains = derivedChains.get(keys.account);
  if (chains === undefined) {
    chains = new Map();
    derivedChains.set(keys.account, chains);
  }
  const derived = chains.get(chain) ?? {
    chain: new DerivationChain(keys.account, chain),
    byAddress: new Map<string, number>(),
    start: from,
    end: from,
  };
  chains.set(chain, derived);
  const derive = (index: number) =>
    derived.byAddress.set(addressOf(derived.chain.publicKey(index), keys.network), index);
  // Kept contiguous: below what is derived, down to `from` (a chain's next index only grows in a bank).
  for (let index = from; index < derived.start; index++) derive(index);
  for (let index = Math.max(from, derived.end); index < to; index++) derive(index);
  derived.start = Math.min(derived.start, from);
  derived.end = Math.max(derived.end, to);
  return derived.byAddress;
}

/** True when `address` is at an index of `chain` in [from, from + gap). */
function inWindow(keys: WalletKeys, chain: number, from: number, address: string): boolean {
  const to = from + BANK_ADDRESS_GAP;
  // The map may hold more than the window (addresses derived for another window before).
  const index = derivedAddresses(keys, chain, from, to).get(address);
  return index !== undefined && index >= from && index < to;
}

/**
 * Whether `address` (an address of the bank's network that no customer was given) is one of the bank's
 * own, which a send must never treat as an outside address (the coins it paid would be untracked): the
 * change chain's addresses the payouts used, the next BANK_ADDRESS_GAP unissued addresses of the receive
 * and change chains, and the vault's (through its port). Null when it is none of them.
 */
export async function bankAddressKind(
  ctx: { walletKeys: WalletKeys; vaultAddresses?: VaultAddresses | undefined },
  db: Db,
  address: string,
): Promise<BankAddressKind | null> {
  const next = await findNextIndexes(db, ctx.walletKeys.network);
  if (inWindow(ctx.walletKeys, RECEIVE_CHAIN, next.get(RECEIVE_CHAIN) ?? 0, address)) return "unissued";
  if (inWindow(ctx.walletKeys, CHANGE_CHAIN, next.get(CHANGE_CHAIN) ?? 0, address)) return "change";
  if (await isPayoutChangeAddress(db, address)) return "change";
  if (ctx.vaultAddresses !== undefined && (await ctx.vaultAddresses(db, address))) return "vault";
  return null;
}
