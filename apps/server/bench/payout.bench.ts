// `npm run bench`: a payout's CPU time, all of it inside the worker's db transaction (decision 0019).
// 1. 100 withdrawals (to P2WPKH and P2TR addresses, 10,000 sat to 0.05 BTC) paid from 1,000 coins (0.0002
//    to 0.2 BTC): the coin choice (btc-signer's selectUTXO), then the signing; median of RUNS.
// 2. The same withdrawals when many small coins cover only some of them: the worker asks again with one
//    withdrawal fewer until the coins cover (as pay-out.ts's largestPayableBatch does).
// No goal is asserted; the figures go in the decision record.
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { p2tr } from "@scure/btc-signer";
import { deriveAddress, RECEIVE_CHAIN } from "../src/bitcoin/keys.js";
import { networkParams } from "../src/bitcoin/network.js";
import {
  type Coin,
  type CoinChoice,
  chooseCoins,
  outputScript,
  type Payment,
  signPayout,
} from "../src/bitcoin/payout-transaction.js";
import { change, changeScript, hotCoins, keys, logUniformFrom, median } from "./hot-wallet.js";

const COINS = 1_000;
const WITHDRAWALS = 100;
const FEE_RATE = 12.345;
const RUNS = 15;

// A fixed pseudo-random sequence, so every run measures the same payout.
const logUniform = logUniformFrom(19);
const coins = hotCoins(COINS, () => logUniform(20_000, 20_000_000));
const taproot = p2tr(
  secp256k1.getPublicKey(new Uint8Array(32).fill(7), true).subarray(1),
  undefined,
  networkParams.regtest.params,
).address as string;
const payee = deriveAddress(keys.account, "regtest", RECEIVE_CHAIN, 5_000);
const payments: Payment[] = Array.from({ length: WITHDRAWALS }, (_, n) => ({
  address: n % 3 === 0 ? taproot : payee,
  amountSats: logUniform(10_000, 5_000_000),
}));

const choose = (from: readonly Coin[], batch: readonly Payment[]) =>
  chooseCoins({
    coins: from,
    paymentScripts: batch.map((payment) => outputScript(payment.address, keys)),
    amountSats: batch.reduce((sum, payment) => sum + payment.amountSats, 0n),
    changeScript,
    feeRate: FEE_RATE,
  });

// 1. Every withdrawal paid.
const chooseTimes: number[] = [];
const signTimes: number[] = [];
let choice: CoinChoice | null = null;
let vsize = 0;
for (let run = 0; run < RUNS + 2; run++) {
  const started = performance.now();
  choice = choose(coins, payments);
  const chosen = performance.now();
  if (choice === null) throw new Error("The coins should cover the withdrawals");
  vsize = signPayout({ keys, choice, payments, change }).vsize;
  const signed = performance.now();
  if (run < 2) continue; // warm-up: the curve's tables, the JIT
  chooseTimes.push(chosen - started);
  signTimes.push(signed - chosen);
}
if (choice === null) throw new Error("unreachable");
console.info(
  `A payout of ${WITHDRAWALS} withdrawals from ${COINS.toLocaleString("en")} coins at ${FEE_RATE} sat/vB: ` +
    `${choice.coins.length} inputs, ${vsize.toLocaleString("en")} vB, miner fee ${choice.minerFee.toLocaleString("en")} sat, ` +
    `change ${choice.changeSats === null ? "none" : `${choice.changeSats.toLocaleString("en")} sat`}`,
);
console.info(
  `  coin choice ${median(chooseTimes).toFixed(1)} ms, signing ${median(signTimes).toFixed(1)} ms, ` +
    `together ${(median(chooseTimes) + median(signTimes)).toFixed(1)} ms (medians of ${RUNS})`,
);

// 2. The coins cover only the oldest withdrawals: the smallest coins, many of them, worth 60% of what is
// asked.
const asked = payments.reduce((sum, payment) => sum + payment.amountSats, 0n);
const smallestFirst = [...coins].sort((a, b) => (a.valueSats < b.valueSats ? -1 : 1));
const short: Coin[] = [];
let held = 0n;
for (const coin of smallestFirst) {
  if (held + coin.valueSats > (asked * 6n) / 10n) break;
  short.push(coin);
  held += coin.valueSats;
}
const shortTimes: number[] = [];
let paid = 0;
let asks = 0;
for (let run = 0; run < RUNS + 2; run++) {
  const started = performance.now();
  asks = 0;
  for (paid = WITHDRAWALS; paid > 0; paid--) {
    asks += 1;
    if (choose(short, payments.slice(0, paid)) !== null) break;
  }
  if (run >= 2) shortTimes.push(performance.now() - started);
}
console.info(
  `When ${short.length} coins cover ${paid} of the ${WITHDRAWALS} withdrawals: ${asks} coin choices asked, ` +
    `${median(shortTimes).toFixed(1)} ms (median of ${RUNS})`,
);
