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

/**
 * The vault's addresses: a port the vault module fills (it knows its descriptor); none without it. With
 * `inDatabase`, its answer is also what a database function can tell from the vault's tables and the
 * windows it gives (ownAddressFacts): a send then asks it no query of its own.
 */
export type VaultAddresses = ((db: Db, address: string) => Promise<boolean>) & {
  inDatabase?: { windowsOf: (address: string, startOf: WindowStart) => KeyWindow[] };
};

/**
 * Where an address sits on one of the bank's key chains, for a database function that holds no keys: the
 * addresses of indexes [from, to) were derived, `address` is at `index` among them (null: not there). The
 * chain's window is [next, next + gap) where next is its first unused index: in address_chains (`hd`), or
 * after the highest in vault_addresses (`vault`). The function checks that [from, to) covers the window.
 */
export type KeyWindow = {
  table: "hd" | "vault";
  vault: string | null;
  chain: number;
  gap: number;
  from: number;
  to: number;
  index: number | null;
};

/** The first index of a chain's window as last seen (undefined: never), by windowKey. */
export type WindowStart = (key: string) => number | undefined;

export function windowKey(window: Pick<KeyWindow, "table" | "vault" | "chain">): string {
  return `${window.table}:${window.vault ?? ""}:${window.chain}`;
}

/** What a database function needs to tell the bank's own addresses from outside ones (wallet_send()). */
export type OwnAddressFacts = {
  /** The answer of a vault port that has no twin in the database (asked here); null: none such. */
  own: boolean | null;
  /** Whether the vault's tables (its recorded addresses, the refills' hot addresses) count. */
  vaultTables: boolean;
  windows: KeyWindow[];
};

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

/**
 * The facts bankAddressKind decides from, for a database function to decide them in the same statement as
 * the send (wallet_send()): the windows of the receive and change chains (derived from the start last seen,
 * a little past the gap, so that the chain may grow a while before the function finds the window moved),
 * and the vault's. A payout's change address is the function's own look-up.
 */
export async function ownAddressFacts(
  ctx: { walletKeys: WalletKeys; vaultAddresses?: VaultAddresses | undefined },
  db: Db,
  address: string,
  startOf: WindowStart,
): Promise<OwnAddressFacts> {
  const windows = [RECEIVE_CHAIN, CHANGE_CHAIN].map((chain): KeyWindow => {
    const from = startOf(windowKey({ table: "hd", vault: null, chain })) ?? 0;
    const to = from + BANK_ADDRESS_GAP + BANK_ADDRESS_MARGIN;
    const index = derivedAddresses(ctx.walletKeys, chain, from, to).get(address);
    const found = index !== undefined && index >= from && index < to ? index : null;
    return { table: "hd", vault: null, chain, gap: BANK_ADDRESS_GAP, from, to, index: found };
  });
  const vault = ctx.vaultAddresses;
  if (vault === undefined) return { own: null, vaultTables: false, windows };
  if (vault.inDatabase === undefined) return { own: await vault(db, address), vaultTables: false, windows };
  return {
    own: null,
    vaultTables: true,
    windows: [...windows, ...vault.inDatabase.windowsOf(address, startOf)],
  };
}

/** How far past a window ownAddressFacts derives: the chain may grow this much before it looks again. */
const BANK_ADDRESS_MARGIN = 100;

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
