import { secp256k1 } from "@noble/curves/secp256k1.js";
import { bip143Digests, commitmentTxid, p2wpkhScriptCode, utf8 } from "@satsbank/verify";
import { p2wpkh, SigHash, Transaction } from "@scure/btc-signer";
import { networkParams } from "../network.js";
import { type ColdVault, type VaultCoin, vaultPsbtInput } from "../vault/index.js";
import type { WalletKeys } from "../wallet-keys.js";

// An epoch's reserves proof as a PSBT (BIP-127, docs/proof-of-reserves.md "The reserves proof"): input 0
// spends the commitment to the epoch's message (a transaction that does not exist, so the whole can never be
// broadcast), then every hot wallet coin (P2WPKH, signed here with the hot key) and every vault coin (P2WSH
// 2-of-3, with what the key holders' signers need: they sign it offline), and one output paying the coins'
// sum back to the bank. Pure: which coins is the caller's to say (the chain's, at the epoch's block).

/** A hot wallet coin, with the BIP-84 chain and index of its key. */
export type HotProofCoin = {
  txid: string;
  vout: number;
  valueSats: bigint;
  chain: number;
  chainIndex: number;
};

/** The PSBT of the proof, and where the vault's coins are among its inputs. */
export type ReservesPsbt = {
  tx: Transaction;
  vaultInputs: { input: number; coin: VaultCoin }[];
  total: bigint;
};

/** btc-signer's options for a transaction whose input 0 states no coin (the commitment). */
export const RESERVES_TX_OPTIONS = { allowUnknownInputs: true } as const;

/**
 * The proof's PSBT: the commitment input (with BIP-127's PSBT_IN_POR_COMMITMENT, the message), the hot
 * coins signed SIGHASH_ALL by their keys (partial signatures, as a key holder's would be), the vault's coins
 * unsigned, and one output of their sum to `payTo`.
 */
export function buildReservesPsbt({
  message,
  keys,
  hotCoins,
  vault,
  vaultCoins,
  payTo,
}: {
  message: string;
  keys: WalletKeys;
  hotCoins: readonly HotProofCoin[];
  vault: ColdVault | null;
  vaultCoins: readonly VaultCoin[];
  payTo: Uint8Array;
}): ReservesPsbt {
  const tx = new Transaction(RESERVES_TX_OPTIONS);
  tx.addInput({ txid: commitmentTxid(message), index: 0, porCommitment: utf8(message) });
  const signers: { input: number; privateKey: Uint8Array; publicKey: Uint8Array; amount: bigint }[] = [];
  const chainKeys = new Map<number, ReturnType<typeof keys.account.deriveChild>>();
  for (const coin of hotCoins) {
    let chainKey = chainKeys.get(coin.chain);
    if (chainKey === undefined) {
      chainKey = keys.account.deriveChild(coin.chain);
      chainKeys.set(coin.chain, chainKey);
    }
    const key = chainKey.deriveChild(coin.chainIndex);
    if (!key.privateKey || !key.publicKey) throw new Error("The wallet keys hold no private key");
    const { script } = p2wpkh(key.publicKey, networkParams[keys.network].params);
    const input = tx.addInput({
      txid: coin.txid,
      index: coin.vout,
      witnessUtxo: { script, amount: coin.valueSats },
    });
    signers.push({ input, privateKey: key.privateKey, publicKey: key.publicKey, amount: coin.valueSats });
  }
  const vaultInputs = vaultCoins.map((coin) => {
    if (vault === null) throw new Error("Vault coins without a vault");
    return { input: tx.addInput(vaultPsbtInput(vault, coin)), coin };
  });
  const total =
    hotCoins.reduce((sum, coin) => sum + coin.valueSats, 0n) +
    vaultCoins.reduce((sum, coin) => sum + coin.valueSats, 0n);
  tx.addOutput({ script: payTo, amount: total });
  // Every input's BIP-143 digest from hashes computed once: a proof may spend thousands of coins.
  const digest = bip143Digests(tx);
  for (const signer of signers) {
    const { script } = p2wpkh(signer.publicKey, networkParams[keys.network].params);
    const scriptCode = p2wpkhScriptCode(script.subarray(2));
    const signature = secp256k1.Signature.fromBytes(
      secp256k1.sign(digest(signer.input, scriptCode, signer.amount), signer.privateKey, { prehash: false }),
    ).toBytes("der");
    tx.updateInput(
      signer.input,
      { partialSig: [[signer.publicKey, Uint8Array.from([...signature, SigHash.ALL])]] },
      true,
    );
  }
  return { tx, vaultInputs, total };
}
