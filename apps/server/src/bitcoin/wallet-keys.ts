import type { HDKey } from "@scure/bip32";
import type { AddressCheck } from "../domain/recipient.js";
import { accountKey, addressOf, DerivationChain, isValidAddress, RECEIVE_CHAIN } from "./keys.js";
import { type BitcoinNetwork, bitcoinNetworks } from "./network.js";

/** The bank's wallet: the BIP84 account key of WALLET_MNEMONIC on the configured network. */
export type WalletKeys = { network: BitcoinNetwork; account: HDKey };

// The receive chain of each account, built once: every deposit address derives from it.
const receiveChains = new WeakMap<HDKey, DerivationChain>();

// Turning a mnemonic into a seed is deliberately slow (PBKDF2, 2048 rounds); do it once per process.
const accounts = new Map<string, HDKey>();

export function deriveWalletKeys(mnemonic: string, network: BitcoinNetwork): WalletKeys {
  const cacheKey = `${network} ${mnemonic}`;
  let account = accounts.get(cacheKey);
  if (account === undefined) {
    account = accountKey(mnemonic, network);
    accounts.set(cacheKey, account);
  }
  return { network, account };
}

/** The receive-chain address at `index` (m/84'/coin'/0'/0/index). */
export function receiveAddress(keys: WalletKeys, index: number): string {
  let chain = receiveChains.get(keys.account);
  if (chain === undefined) {
    chain = new DerivationChain(keys.account, RECEIVE_CHAIN);
    receiveChains.set(keys.account, chain);
  }
  return addressOf(chain.publicKey(index), keys.network);
}

/** Tells an address of this network from one of another network and from anything else. */
export function addressChecker(network: BitcoinNetwork): (text: string) => AddressCheck {
  const others = bitcoinNetworks.filter((other) => other !== network);
  return (text) => {
    if (isValidAddress(text, network)) return "this-network";
    return others.some((other) => isValidAddress(text, other)) ? "other-network" : "not-an-address";
  };
}
