import { dustLimitOf } from "./dust.js";
import { type Coin, type CoinChoice, chooseCoins, feeFor } from "./payout-transaction.js";

// A sweep: the hot wallet's excess moved to the cold vault in one transaction the hot key signs (the
// payout pipeline's signPayout), with change back to the wallet's internal chain. Pure: which coins, how
// much reaches the vault, the fee. The hot wallet gives up `sweepSats` (what reaches the vault plus the miner
// fee), so it keeps exactly what it should.

/** What one P2WPKH input weighs, as btc-signer's selector counts it (a 72-byte signature: the largest). */
const P2WPKH_INPUT_WEIGHT = 4 * (32 + 4 + 1 + 4) + (1 + 1 + 72 + 1 + 33);

/** A CompactSize's length in bytes (a count or a script's length before it). */
function compactSize(n: number): number {
  if (n < 0xfd) return 1;
  if (n <= 0xffff) return 3;
  return n <= 0xffffffff ? 5 : 9;
}

/**
 * The weight of a transaction spending `inputs` P2WPKH coins to `outputScripts`, as btc-signer's selector
 * estimates it (so a sweep's fee is counted as a payout's is): version and lock time, each output (amount,
 * script), the counts, each input with its witness at the largest signature, the segwit marker.
 */
export function p2wpkhSpendWeight(inputs: number, outputScripts: readonly Uint8Array[]): number {
  let weight = 4 * (4 + 4) + 2;
  for (const script of outputScripts) weight += 4 * (8 + compactSize(script.length) + script.length);
  weight += 4 * compactSize(outputScripts.length) + 4 * compactSize(inputs);
  return weight + inputs * P2WPKH_INPUT_WEIGHT;
}

export type SweepChoice = CoinChoice & {
  /** What the vault's output receives: `sweepSats` less the miner fee (or more, by less than dust: below). */
  vaultSats: bigint;
};

/**
 * Chooses the coins of a sweep that takes `sweepSats` out of the hot wallet (its excess over the target):
 * btc-signer's selector (decision 0019: an exact match first, else the largest coins) picks coins worth
 * `sweepSats` or more; what they hold beyond it comes back as change, and the miner fee at `feeRate` (for
 * the transaction made: these inputs, the vault's output, the change) comes out of the vault's share, so
 * the hot wallet keeps exactly what it held less `sweepSats`. When the rest would be dust (below 294 sat,
 * the hot wallet's P2WPKH dust limit) there is no change and the vault takes it too. Null when the coins
 * cannot cover it, or when the vault's share would be dust (below 330 sat, its P2WSH dust limit).
 */
export function chooseSweep({
  coins,
  sweepSats,
  vaultScript,
  changeScript,
  feeRate,
}: {
  coins: readonly Coin[];
  sweepSats: bigint;
  vaultScript: Uint8Array;
  changeScript: Uint8Array;
  feeRate: number;
}): SweepChoice | null {
  if (sweepSats <= 0n) return null;
  // At a zero rate the selector answers the coins that cover the amount itself: the fee is the vault's to bear.
  const choice = chooseCoins({
    coins,
    paymentScripts: [vaultScript],
    amountSats: sweepSats,
    changeScript,
    feeRate: 0,
  });
  if (choice === null) return null;
  const gathered = choice.coins.reduce((sum, coin) => sum + coin.valueSats, 0n);
  const rest = gathered - sweepSats;
  const changeSats = rest >= dustLimitOf(changeScript) ? rest : null;
  const outputs = changeSats === null ? [vaultScript] : [vaultScript, changeScript];
  const minerFee = feeFor(p2wpkhSpendWeight(choice.coins.length, outputs), feeRate);
  const vaultSats = gathered - (changeSats ?? 0n) - minerFee;
  if (vaultSats < dustLimitOf(vaultScript)) return null;
  return { coins: choice.coins, minerFee, changeSats, vaultSats };
}
