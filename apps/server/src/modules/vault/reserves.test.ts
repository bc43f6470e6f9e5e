import { describe, expect, it } from "vitest";
import { type VaultReserveCoin, vaultCoinVerdict } from "./reserves.js";

// What a vault coin adds to the watchdog's reserves, as the chain backend shows it.

const coin = (status: VaultReserveCoin["status"], movedBy: string | null = null): VaultReserveCoin => ({
  txid: "ab".repeat(32),
  vout: 1,
  valueSats: 2_000_000n,
  status,
  movedBy,
});

describe("vaultCoinVerdict", () => {
  it("counts a confirmed unspent coin as the chain says, and names a different value", () => {
    expect(
      vaultCoinVerdict(
        coin("available"),
        { state: "unspent", valueSats: 2_000_000n, confirmations: 3 },
        false,
      ),
    ).toEqual({
      backedSats: 2_000_000n,
      problem: null,
    });
    expect(
      vaultCoinVerdict(coin("available"), { state: "unspent", valueSats: 1_000n, confirmations: 3 }, false),
    ).toMatchObject({
      backedSats: 1_000n,
      problem: { code: "vault_coin_value_mismatch" },
    });
  });

  it("counts a coin locked by a refill the backend knows in full, even spent", () => {
    expect(
      vaultCoinVerdict(coin("locked", "cd".repeat(32)), { state: "spent", spentBy: "cd".repeat(32) }, true),
    ).toEqual({
      backedSats: 2_000_000n,
      problem: null,
    });
  });

  it("counts nothing of a coin in no block, spent by a stranger, or gone", () => {
    expect(
      vaultCoinVerdict(
        coin("available"),
        { state: "unspent", valueSats: 2_000_000n, confirmations: 0 },
        false,
      ),
    ).toMatchObject({
      backedSats: 0n,
      problem: { code: "vault_coin_unconfirmed" },
    });
    expect(
      vaultCoinVerdict(coin("locked", "cd".repeat(32)), { state: "spent", spentBy: "ef".repeat(32) }, false),
    ).toMatchObject({
      backedSats: 0n,
      problem: { code: "vault_coin_spent" },
    });
    expect(vaultCoinVerdict(coin("available"), { state: "unknown" }, false)).toMatchObject({
      backedSats: 0n,
      problem: { code: "vault_coin_missing", message: expect.stringContaining("is not on the chain") },
    });
  });
});
