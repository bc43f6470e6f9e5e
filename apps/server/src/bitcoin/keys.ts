import { HDKey } from "@scure/bip32";
import { generateMnemonic, mnemonicToSeedSync, validateMnemonic } from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import { Address, p2wpkh } from "@scure/btc-signer";
import { type BitcoinNetwork, networkParams } from "./network.js";

// BIP84 (native SegWit, P2WPKH): m / 84' / coin' / account' / chain / index.
export const RECEIVE_CHAIN = 0;
export const CHANGE_CHAIN = 1;

export function newMnemonic(): string {
  return generateMnemonic(wordlist, 256);
}

export function isValidMnemonic(mnemonic: string): boolean {
  return validateMnemonic(mnemonic.trim().split(/\s+/).join(" "), wordlist);
}

/** The account key from which every address of the bank's wallet derives. Holds private keys. */
export function accountKey(mnemonic: string, network: BitcoinNetwork, account = 0): HDKey {
  if (!isValidMnemonic(mnemonic)) throw new Error("The wallet mnemonic is not a valid BIP39 phrase");
  const seed = mnemonicToSeedSync(mnemonic.trim().split(/\s+/).join(" "));
  const { coinType } = networkParams[network];
  return HDKey.fromMasterSeed(seed).derive(`m/84'/${coinType}'/${account}'`);
}

export function derivePublicKey(account: HDKey, chain: number, index: number): Uint8Array {
  const key = account.deriveChild(chain).deriveChild(index);
  if (!key.publicKey) throw new Error("Derivation produced no public key");
  return key.publicKey;
}

export function deriveAddress(account: HDKey, network: BitcoinNetwork, chain: number, index: number): string {
  const payment = p2wpkh(derivePublicKey(account, chain, index), networkParams[network].params);
  if (!payment.address) throw new Error("P2WPKH payment has no address");
  return payment.address;
}

/** True when the text is a valid address (any type) for the network: checksum, prefix and program. */
export function isValidAddress(text: string, network: BitcoinNetwork): boolean {
  try {
    Address(networkParams[network].params).decode(text);
    return true;
  } catch {
    return false;
  }
}
