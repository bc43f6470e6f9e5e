// `npm run bench`: a sweep's CPU time (hot wallet to cold vault), all of it inside the worker's db
// transaction with the coins locked (withdrawals/sweep.ts).
// A sweep of 10, 100 and 1,000 coins: the hot wallet holds that many deposits (10,000 sat to 0.01 BTC) and a
// target below what they leave, so the sweep spends every one: the coin choice (chooseSweep: btc-signer's
// selectUTXO), then the signing (signPayout: linear, bitcoin/p2wpkh-signing.ts); medians of RUNS.
// No goal is asserted; the figures go in docs/BENCHMARKS.md.
import { CHANGE_CHAIN, deriveAddress, RECEIVE_CHAIN } from "../src/bitcoin/keys.js";
import { type Change, type Coin, outputScript, signPayout } from "../src/bitcoin/payout-transaction.js";
import { chooseSweep, type SweepChoice } from "../src/bitcoin/sweep-transaction.js";
import { holderDescriptor } from "../src/bitcoin/vault/fixtures/vault-keys.js";
import { parseVaultDescriptor, vaultAddress, vaultOutput } from "../src/bitcoin/vault/index.js";
import { deriveWalletKeys } from "../src/bitcoin/wallet-keys.js";

const MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
const COINS = 1_000;
const FEE_RATE = 12.345;
const RUNS = 7;

const keys = deriveWalletKeys(MNEMONIC, "regtest");
const vault = parseVaultDescriptor(holderDescriptor("regtest"), "regtest");
const vaultScript = vaultOutput(vault, "receive", 0).script;
const to = vaultAddress(vault, "receive", 0);
const changeScript = outputScript(deriveAddress(keys.account, "regtest", CHANGE_CHAIN, 0), keys);
const change: Change = {
  address: deriveAddress(keys.account, "regtest", CHANGE_CHAIN, 1),
  chain: CHANGE_CHAIN,
  index: 1,
};

// A fixed pseudo-random sequence, so every run measures the same sweep.
let seed = 23;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const logUniform = (low: number, high: number) =>
  BigInt(Math.round(Math.exp(Math.log(low) + random() * (Math.log(high) - Math.log(low)))));

const coinsOf = (low: number, high: number): Coin[] =>
  Array.from({ length: COINS }, (_, n) => ({
    txid: n.toString(16).padStart(64, "0"),
    vout: n % 3,
    valueSats: logUniform(low, high),
    chain: n % 2 === 0 ? RECEIVE_CHAIN : CHANGE_CHAIN,
    chainIndex: n,
  }));

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

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
