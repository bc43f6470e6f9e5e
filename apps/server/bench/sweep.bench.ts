// `npm run bench`: a sweep's CPU time (hot wallet to cold vault), all of it inside the worker's db
// transaction with the coins locked (withdrawals/sweep.ts).
// A sweep of 10, 100 and 1,000 coins: the hot wallet holds that many deposits (10,000 sat to 0.01 BTC) and a
// target below what they leave, so the sweep spends every one: the coin choice (chooseSweep: btc-signer's
// selectUTXO), then the signing (signPayout: linear, bitcoin/p2wpkh-signing.ts); medians of RUNS.
// No goal is asserted; the figures go in docs/BENCHMARKS.md.
import { type Coin, signPayout } from "../src/bitcoin/payout-transaction.js";
import { chooseSweep, type SweepChoice } from "../src/bitcoin/sweep-transaction.js";
import { holderDescriptor } from "../src/bitcoin/vault/fixtures/vault-keys.js";
import { parseVaultDescriptor, vaultAddress, vaultOutput } from "../src/bitcoin/vault/index.js";
import { change, changeScript, hotCoins, keys, logUniformFrom, median } from "./hot-wallet.js";

const COINS = 1_000;
const FEE_RATE = 12.345;
const RUNS = 7;

const vault = parseVaultDescriptor(holderDescriptor("regtest"), "regtest");
const vaultScript = vaultOutput(vault, "receive", 0).script;
const to = vaultAddress(vault, "receive", 0);

// A fixed pseudo-random sequence, so every run measures the same sweep.
const logUniform = logUniformFrom(23);
const coinsOf = (low: number, high: number): Coin[] => hotCoins(COINS, () => logUniform(low, high));

function measure(name: string, coins: readonly Coin[], sweepSats: bigint) {
  const chooseTimes: number[] = [];
  const signTimes: number[] = [];
  let choice: SweepChoice | null = null;
  let vsize = 0;
  for (let run = 0; run < RUNS + 2; run++) {
    const started = performance.now();
    choice = chooseSweep({ coins, sweepSats, vaultScript, changeScript, feeRate: FEE_RATE });
    const chosen = performance.now();
    if (choice === null) throw new Error("The coins should cover the sweep");
    vsize = signPayout({
      keys,
      choice,
      payments: [{ address: to, amountSats: choice.vaultSats }],
      change,
    }).vsize;
    const signed = performance.now();
    if (run < 2) continue; // warm-up: the curve's tables, the JIT
    chooseTimes.push(chosen - started);
    signTimes.push(signed - chosen);
  }
  if (choice === null) throw new Error("unreachable");
  console.info(
    `${name} at ${FEE_RATE} sat/vB: ${choice.coins.length.toLocaleString("en")} inputs, ${vsize.toLocaleString("en")} vB, ` +
      `${choice.vaultSats.toLocaleString("en")} sat to the vault, miner fee ${choice.minerFee.toLocaleString("en")} sat, ` +
      `change ${choice.changeSats === null ? "none" : `${choice.changeSats.toLocaleString("en")} sat`}`,
  );
  console.info(
    `  coin choice ${median(chooseTimes).toFixed(1)} ms, signing ${median(signTimes).toFixed(1)} ms, ` +
      `together ${(median(chooseTimes) + median(signTimes)).toFixed(1)} ms (medians of ${RUNS})`,
  );
}

// Every coin swept (the target is below what the coins leave): 10, 100 and 1,000 of them.
for (const count of [10, 100, COINS]) {
  const deposits = coinsOf(10_000, 1_000_000).slice(0, count);
  const total = deposits.reduce((sum, coin) => sum + coin.valueSats, 0n);
  measure(`A sweep of ${count.toLocaleString("en")} coins`, deposits, total);
}
