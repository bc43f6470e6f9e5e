import { MIN_WITHDRAWAL_SATS } from "@satsbank/shared";
import { Address, OutScript, p2wpkh, Transaction } from "@scure/btc-signer";
import { networkParams } from "./network.js";
import type { WalletKeys } from "./wallet-keys.js";

// A payout: one chain transaction of the bank's, paying withdrawals from the hot wallet's coins (all
// P2WPKH outputs of the BIP84 wallet), with change back to the wallet's internal chain. Pure: coin choice,
// fee and signing, no I/O.

/**
 * Outputs below this many satoshis are dust: nodes refuse to relay a transaction that makes one (so a
 * withdrawal may not be smaller, and a deposit smaller is not credited).
 */
export const DUST_LIMIT_SATS = MIN_WITHDRAWAL_SATS;

/** A coin of the hot wallet, and where its key derives from (m/84'/coin'/0'/chain/index). */
export type Coin = { txid: string; vout: number; valueSats: bigint; chain: number; chainIndex: number };

/** One payment of a payout: a withdrawal's address and amount. */
export type Payment = { address: string; amountSats: bigint };

/** The change address of a payout, derived from the internal chain at `index`. */
export type Change = { address: string; chain: number; index: number };

// Virtual sizes (vB) of a P2WPKH spend: 10.5 vB of version, counts, marker and lock time; 68 vB an input
// (41 bytes plus a witness of at most 108: a 72-byte signature and a 33-byte key, counted a quarter); an
// output is 8 bytes of amount, a length byte and its script. Rounded up, so the fee rate is at least asked.
const OVERHEAD_WU = 42;
const INPUT_WU = 272;
const outputWu = (script: Uint8Array) => (8 + 1 + script.length) * 4;

/** The script an address pays to, on the wallet's network; throws on an address of another network. */
export function outputScript(address: string, keys: Pick<WalletKeys, "network">): Uint8Array {
  return OutScript.encode(Address(networkParams[keys.network].params).decode(address));
}

/** The fee for `weight` weight units at `feeRate` sat/vB (a rate, so a number), rounded up to a satoshi. */
export function feeFor(weight: number, feeRate: number): bigint {
  const milliSatsPerVbyte = BigInt(Math.ceil(feeRate * 1000));
  const vbytes = BigInt(Math.ceil(weight / 4));
  return (milliSatsPerVbyte * vbytes + 999n) / 1000n;
}

export type CoinChoice = {
  coins: Coin[];
  minerFee: bigint;
  /** The change back to the wallet; null when it would be dust (it goes to the miners instead). */
  changeSats: bigint | null;
};

/**
 * Picks coins for `payments`, largest first, until they pay the payments and the fee at `feeRate` for the
 * transaction they make (with a change output, unless the change would be dust). Null when all the coins
 * together are not enough. `coins` must be the spendable ones, in the order to try them.
 */
export function chooseCoins({
  coins,
  paymentScripts,
  amountSats,
  changeScript,
  feeRate,
}: {
  coins: readonly Coin[];
  paymentScripts: readonly Uint8Array[];
  amountSats: bigint;
  changeScript: Uint8Array;
  feeRate: number;
}): CoinChoice | null {
  const sorted = [...coins].sort((a, b) =>
    a.valueSats === b.valueSats ? 0 : a.valueSats > b.valueSats ? -1 : 1,
  );
  const outputsWu = paymentScripts.reduce((sum, script) => sum + outputWu(script), 0);
  const chosen: Coin[] = [];
  let gathered = 0n;
  for (const coin of sorted) {
    chosen.push(coin);
    gathered += coin.valueSats;
    const weight = OVERHEAD_WU + INPUT_WU * chosen.length + outputsWu;
    const feeWithoutChange = feeFor(weight, feeRate);
    if (gathered < amountSats + feeWithoutChange) continue;
    const feeWithChange = feeFor(weight + outputWu(changeScript), feeRate);
    const change = gathered - amountSats - feeWithChange;
    if (change >= DUST_LIMIT_SATS) return { coins: chosen, minerFee: feeWithChange, changeSats: change };
    // No change output: what is left over (below the dust limit) goes to the miners.
    return { coins: chosen, minerFee: gathered - amountSats, changeSats: null };
  }
  return null;
}

export type SignedPayout = {
  txid: string;
  hex: string;
  vsize: number;
  /** The output of each payment, in the order given. */
  paymentVouts: number[];
  changeVout: number | null;
};

/**
 * Builds and signs the payout: the chosen coins as inputs (each signed with its own key of the wallet),
 * one output per payment, then the change. Answers the signed transaction and where each output is.
 */
export function signPayout({
  keys,
  choice,
  payments,
  change,
}: {
  keys: WalletKeys;
  choice: CoinChoice;
  payments: readonly Payment[];
  change: Change;
}): SignedPayout {
  const tx = new Transaction();
  const secrets: Uint8Array[] = [];
  for (const coin of choice.coins) {
    const key = keys.account.deriveChild(coin.chain).deriveChild(coin.chainIndex);
    if (!key.privateKey || !key.publicKey) throw new Error("The wallet keys hold no private key");
    const { script } = p2wpkh(key.publicKey, networkParams[keys.network].params);
    tx.addInput({ txid: coin.txid, index: coin.vout, witnessUtxo: { script, amount: coin.valueSats } });
    secrets.push(key.privateKey);
  }
  const paymentVouts = payments.map((payment) =>
    tx.addOutput({ script: outputScript(payment.address, keys), amount: payment.amountSats }),
  );
  const changeVout =
    choice.changeSats === null
      ? null
      : tx.addOutput({ script: outputScript(change.address, keys), amount: choice.changeSats });
  secrets.forEach((secret, index) => {
    tx.signIdx(secret, index);
  });
  tx.finalize();
  return { txid: tx.id, hex: tx.hex, vsize: tx.vsize, paymentVouts, changeVout };
}
