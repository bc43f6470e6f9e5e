import { Address, NETWORK, OutScript, p2wpkh, selectUTXO, Transaction } from "@scure/btc-signer";
import { dustLimitOf } from "./dust.js";
import { networkParams } from "./network.js";
import { type P2wpkhSigner, signP2wpkhInputs } from "./p2wpkh-signing.js";
import type { WalletKeys } from "./wallet-keys.js";

// A payout: one chain transaction of the bank's, paying withdrawals from the hot wallet's coins (all
// P2WPKH outputs of the BIP84 wallet), with change back to the wallet's internal chain. Pure: coin choice,
// fee and signing, no I/O.

/** A coin of the hot wallet, and where its key derives from (m/84'/coin'/0'/chain/index). */
export type Coin = { txid: string; vout: number; valueSats: bigint; chain: number; chainIndex: number };

/** One payment of a payout: a withdrawal's address and amount. */
export type Payment = { address: string; amountSats: bigint };

/** The change address of a payout, derived from the internal chain at `index`. */
export type Change = { address: string; chain: number; index: number };

/** The script an address pays to, on the wallet's network; throws on an address of another network. */
export function outputScript(address: string, keys: Pick<WalletKeys, "network">): Uint8Array {
  return OutScript.encode(Address(networkParams[keys.network].params).decode(address));
}

/** A fee rate (sat/vB, kept to the thousandth) in millisatoshis per vbyte, rounded up. */
const milliSatsPerVbyte = (feeRate: number) => BigInt(Math.ceil(feeRate * 1000));

/** The fee for `weight` weight units at `feeRate` sat/vB (a rate, so a number), rounded up to a satoshi. */
export function feeFor(weight: number, feeRate: number): bigint {
  const vbytes = BigInt(Math.ceil(weight / 4));
  return (milliSatsPerVbyte(feeRate) * vbytes + 999n) / 1000n;
}

export type CoinChoice = {
  coins: Coin[];
  minerFee: bigint;
  /** The change back to the wallet; null when it would be dust (it goes to the miners instead). */
  changeSats: bigint | null;
};

/**
 * btc-signer's selection strategy (decision 0019): first an exact match, the largest coins first, skipping
 * any that would overshoot the payments and the fee by the change's dust limit or more, so no change output is
 * made (better privacy, no small change coin); failing that, the largest coins until they cover, so few
 * inputs. Both passes skip a coin worth less than the fee of spending it.
 */
const STRATEGY = "exactBiggest/accumBiggest";

// btc-signer counts in whole satoshis and takes an integer fee rate (`feePerByte`, a bigint), but the
// backend's rate has decimals. Its arithmetic is all bigint and linear in the unit, so every amount is
// given to it in millisatoshis and the rate in millisatoshis per vbyte: the rate is met exactly, not
// rounded up to the next whole sat/vB (up to +100% at 1.x sat/vB). Amounts come back divided, change
// rounded down, so the fee is the weight's fee rounded up to a satoshi, as `feeFor` says.
const MILLI = 1000n;
// The selector sizes an input by its previous output's script type only: every coin of the wallet is a
// P2WPKH output, so one P2WPKH script of any key stands for all (their keys are needed to sign, not here).
const P2WPKH_SCRIPT = OutScript.encode({ type: "wpkh", hash: new Uint8Array(20) });

/** The output script a coin sits in (and its witness script, for P2WSH): what sizes its input. */
export type CoinKind = { script: Uint8Array; witnessScript?: Uint8Array };
const P2WPKH_COIN: CoinKind = { script: P2WPKH_SCRIPT };

/**
 * Picks coins for `payments` with btc-signer's `selectUTXO` (an exact match without change if there is
 * one, else the largest coins first) so that they pay the payments and the fee at `feeRate` sat/vB for the
 * transaction they make (with a change output, unless the change would be dust, which goes to the
 * miners). Null when the coins cannot cover. `coins` are the spendable ones; equal coins are tried in the
 * order given. The coins are answered in the order chosen (the inputs' order).
 */
export function chooseCoins({
  coins,
  paymentScripts,
  amountSats,
  changeScript,
  feeRate,
  coinKind = P2WPKH_COIN,
}: {
  coins: readonly Coin[];
  paymentScripts: readonly Uint8Array[];
  amountSats: bigint;
  changeScript: Uint8Array;
  feeRate: number;
  /**
   * What every coin is an output of, for its input's size: the hot wallet's P2WPKH unless said (the cold
   * vault's coins are P2WSH 2-of-3: their script and witness script). One stands for all.
   */
  coinKind?: CoinKind;
}): CoinChoice | null {
  if (paymentScripts.length === 0) throw new Error("A payout pays at least one payment");
  // A cheap refusal first: the selector reads every coin (tens of microseconds each), and the payout's
  // worker asks again with fewer withdrawals each time the coins fall short.
  const held = coins.reduce((sum, coin) => sum + coin.valueSats, 0n);
  if (held < amountSats) return null;
  const selected = selectUTXO(
    coins.map((coin) => ({
      txid: coin.txid,
      index: coin.vout,
      witnessUtxo: { script: coinKind.script, amount: coin.valueSats * MILLI },
      ...(coinKind.witnessScript === undefined ? {} : { witnessScript: coinKind.witnessScript }),
    })),
    // Only the outputs' scripts (their sizes) and the total matter to the choice: it rides on the first.
    paymentScripts.map((script, i) => ({ script, amount: i === 0 ? amountSats * MILLI : 0n })),
    STRATEGY,
    {
      feePerByte: milliSatsPerVbyte(feeRate),
      // The change output's size, given as an address, which the selector decodes back to this script.
      changeAddress: Address(NETWORK).encode(OutScript.decode(changeScript)),
      // Change is kept from its script's dust limit up (294 sat for the hot wallet's P2WPKH, 330 for the
      // vault's P2WSH): the selector keeps it above `dust` × `dustRelayFeeRate`.
      dust: dustLimitOf(changeScript) * MILLI - 1n,
      dustRelayFeeRate: 1n,
      bip69: false,
      createTx: false,
    },
  );
  if (selected === undefined) return null;
  const byOutpoint = new Map(coins.map((coin) => [`${coin.txid.toLowerCase()}:${coin.vout}`, coin]));
  const chosen = selected.inputs.map((input) => {
    const coin = byOutpoint.get(`${hex(input.txid as Uint8Array)}:${input.index}`);
    if (coin === undefined) throw new Error("The coin selector answered a coin it was not given");
    return coin;
  });
  const gathered = chosen.reduce((sum, coin) => sum + coin.valueSats, 0n);
  // Without bip69 the change is the last output, after the payments in their order.
  const changeSats = selected.change ? (selected.outputs.at(-1)?.amount ?? 0n) / MILLI : null;
  return { coins: chosen, minerFee: gathered - amountSats - (changeSats ?? 0n), changeSats };
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

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
  const signers: P2wpkhSigner[] = [];
  // Each chain's key derived once: a payout of many coins derives one child per coin.
  const chainKeys = new Map<number, ReturnType<typeof keys.account.deriveChild>>();
  for (const coin of choice.coins) {
    let chainKey = chainKeys.get(coin.chain);
    if (chainKey === undefined) {
      chainKey = keys.account.deriveChild(coin.chain);
      chainKeys.set(coin.chain, chainKey);
    }
    const key = chainKey.deriveChild(coin.chainIndex);
    if (!key.privateKey || !key.publicKey) throw new Error("The wallet keys hold no private key");
    const { script } = p2wpkh(key.publicKey, networkParams[keys.network].params);
    tx.addInput({ txid: coin.txid, index: coin.vout, witnessUtxo: { script, amount: coin.valueSats } });
    signers.push({ privateKey: key.privateKey, publicKey: key.publicKey });
  }
  const paymentVouts = payments.map((payment) => {
    const script = outputScript(payment.address, keys);
    // A send below its address's dust limit is refused (checkSend): one here would make the whole payout
    // a transaction no node relays.
    if (payment.amountSats < dustLimitOf(script)) {
      throw new Error(`A payment of ${payment.amountSats} sat to ${payment.address} would be dust`);
    }
    return tx.addOutput({ script, amount: payment.amountSats });
  });
  const changeVout =
    choice.changeSats === null
      ? null
      : tx.addOutput({ script: outputScript(change.address, keys), amount: choice.changeSats });
  // Linear in the inputs (btc-signer's signIdx is quadratic): the same signatures, finalised.
  signP2wpkhInputs(
    tx,
    signers,
    choice.coins.map((coin) => coin.valueSats),
  );
  return { txid: tx.id, hex: tx.hex, vsize: tx.vsize, paymentVouts, changeVout };
}
