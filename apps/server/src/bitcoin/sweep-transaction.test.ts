import { describe, expect, it } from "vitest";
import { CHANGE_CHAIN, deriveAddress, RECEIVE_CHAIN } from "./keys.js";
import {
  type Change,
  type Coin,
  chooseCoins,
  feeFor,
  outputScript,
  signPayout,
} from "./payout-transaction.js";
import { chooseSweep, p2wpkhSpendWeight, type SweepChoice } from "./sweep-transaction.js";
import { holderDescriptor } from "./vault/fixtures/vault-keys.js";
import { parseVaultDescriptor, vaultAddress, vaultOutput } from "./vault/index.js";
import { deriveWalletKeys } from "./wallet-keys.js";

const keys = deriveWalletKeys(
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
  "regtest",
);
const vault = parseVaultDescriptor(holderDescriptor("regtest"), "regtest");
const VAULT_SCRIPT = vaultOutput(vault, "receive", 0).script;
const CHANGE_SCRIPT = outputScript(deriveAddress(keys.account, "regtest", CHANGE_CHAIN, 0), keys);
const change: Change = {
  address: deriveAddress(keys.account, "regtest", CHANGE_CHAIN, 3),
  chain: CHANGE_CHAIN,
  index: 3,
};

const coin = (valueSats: bigint, n: number): Coin => ({
  txid: (n + 1).toString(16).padStart(4, "0").repeat(16),
  vout: n % 4,
  valueSats,
  chain: RECEIVE_CHAIN,
  chainIndex: n,
});

const sweep = (coins: readonly Coin[], sweepSats: bigint, feeRate = 2) =>
  chooseSweep({ coins, sweepSats, vaultScript: VAULT_SCRIPT, changeScript: CHANGE_SCRIPT, feeRate });

/** The sweep signed by the hot key, as the worker signs it. */
function signed(choice: SweepChoice) {
  return signPayout({
    keys,
    choice,
    payments: [{ address: vaultAddress(vault, "receive", 0), amountSats: choice.vaultSats }],
    change,
  });
}

const sum = (coins: readonly Coin[]) => coins.reduce((total, c) => total + c.valueSats, 0n);

describe("chooseSweep", () => {
  it("takes exactly the excess out of the hot wallet: the vault's share and the fee, the rest back as change", () => {
    const coins = [coin(600_000n, 1), coin(600_000n, 2), coin(600_000n, 3)];
    const choice = sweep(coins, 1_300_000n);
    if (choice === null) throw new Error("no sweep");
    expect(choice.coins).toHaveLength(3);
    expect(choice.changeSats).toBe(500_000n);
    expect(choice.vaultSats + choice.minerFee).toBe(1_300_000n);
    const tx = signed(choice);
    // The fee pays the backend's rate for the transaction signed (its size estimated at the largest signatures).
    expect(choice.minerFee).toBeGreaterThanOrEqual(BigInt(2 * tx.vsize));
    expect(choice.minerFee).toBeLessThanOrEqual(BigInt(2 * tx.vsize + 3));
    expect(sum(choice.coins) - choice.vaultSats - (choice.changeSats ?? 0n)).toBe(choice.minerFee);
  });

  it("makes no change when the coins match the excess, and gives the vault what would be dust", () => {
    const exact = sweep([coin(2_000_000n, 1), coin(1_000_000n, 2)], 1_000_000n);
    expect(exact?.coins.map((c) => c.valueSats)).toEqual([1_000_000n]);
    expect(exact?.changeSats).toBeNull();
    // The change is the hot wallet's P2WPKH: dust below 294 sat.
    const dusty = sweep([coin(1_000_293n, 1)], 1_000_000n);
    expect(dusty?.changeSats).toBeNull();
    expect((dusty?.vaultSats ?? 0n) + (dusty?.minerFee ?? 0n)).toBe(1_000_293n);
    const kept = sweep([coin(1_000_294n, 1)], 1_000_000n);
    expect(kept?.changeSats).toBe(294n);
    expect((kept?.vaultSats ?? 0n) + (kept?.minerFee ?? 0n)).toBe(1_000_000n);
  });

  it("is null when the coins cannot cover the excess, or the vault's share would be dust", () => {
    expect(sweep([coin(500_000n, 1)], 500_001n)).toBeNull();
    expect(sweep([coin(500_000n, 1)], 0n)).toBeNull();
    // The vault's output is a P2WSH: dust below 330 sat (its fee comes out of the vault's share).
    const fee = feeFor(p2wpkhSpendWeight(1, [VAULT_SCRIPT, CHANGE_SCRIPT]), 2);
    expect(sweep([coin(500_000n, 1)], 330n + fee, 2)?.vaultSats).toBe(330n);
    expect(sweep([coin(500_000n, 1)], 329n + fee, 2)).toBeNull();
  });

  it("sweeps 1,000 coins in one transaction, its fee at the rate for its size", () => {
    const coins = Array.from({ length: 1_000 }, (_, i) => coin(10_000n + BigInt(i), i));
    const choice = sweep(coins, sum(coins), 12.345);
    if (choice === null) throw new Error("no sweep");
    expect(choice.coins).toHaveLength(1_000);
    expect(choice.changeSats).toBeNull();
    const tx = signed(choice);
    expect(Number(choice.minerFee)).toBeGreaterThanOrEqual(12.345 * tx.vsize);
    expect(Number(choice.minerFee)).toBeLessThanOrEqual(12.345 * (tx.vsize + 250) + 1);
  });
});

describe("p2wpkhSpendWeight", () => {
  it("sizes a transaction as the payouts' selector does (the fee is the same), 253 inputs and more too", () => {
    for (const n of [1, 3, 252, 253, 300]) {
      const coins = Array.from({ length: n }, (_, i) => coin(100_000n, i));
      // Just short of all the coins with change: the selector takes every one of them.
      const choice = chooseCoins({
        coins,
        paymentScripts: [VAULT_SCRIPT],
        amountSats: sum(coins) - 80_000n,
        changeScript: CHANGE_SCRIPT,
        feeRate: 3.5,
      });
      expect(choice?.coins).toHaveLength(n);
      expect(choice?.changeSats).not.toBeNull();
      expect(choice?.minerFee).toBe(feeFor(p2wpkhSpendWeight(n, [VAULT_SCRIPT, CHANGE_SCRIPT]), 3.5));
    }
  });
});
