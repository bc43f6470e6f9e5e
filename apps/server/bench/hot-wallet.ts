// What the payout and sweep benches share: the hot wallet of the BIP-39 test mnemonic on regtest (its
// keys, the change script and address a payout or sweep pays its change to), its coins with values from a
// fixed pseudo-random sequence (every run measures the same transaction), and the median of the runs.
import { CHANGE_CHAIN, deriveAddress, RECEIVE_CHAIN } from "../src/bitcoin/keys.js";
import { type Change, type Coin, outputScript } from "../src/bitcoin/payout-transaction.js";
import { deriveWalletKeys } from "../src/bitcoin/wallet-keys.js";

const MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

export const keys = deriveWalletKeys(MNEMONIC, "regtest");
export const changeScript = outputScript(deriveAddress(keys.account, "regtest", CHANGE_CHAIN, 0), keys);
export const change: Change = {
  address: deriveAddress(keys.account, "regtest", CHANGE_CHAIN, 1),
  chain: CHANGE_CHAIN,
  index: 1,
};

/** Values between `low` and `high` sat, log-uniform (as many small coins as large), from `seed` on. */
export function logUniformFrom(seed: number): (low: number, high: number) => bigint {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return (low, high) =>
    BigInt(Math.round(Math.exp(Math.log(low) + random() * (Math.log(high) - Math.log(low)))));
}

/** `count` of the hot wallet's coins, on both chains, each worth `value()`. */
export function hotCoins(count: number, value: () => bigint): Coin[] {
  return Array.from({ length: count }, (_, n) => ({
    txid: n.toString(16).padStart(64, "0"),
    vout: n % 3,
    valueSats: value(),
    chain: n % 2 === 0 ? RECEIVE_CHAIN : CHANGE_CHAIN,
    chainIndex: n,
  }));
}

export function median(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
