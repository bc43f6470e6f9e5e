import { bip32Path, Transaction } from "@scure/btc-signer";
import { describe, expect, it } from "vitest";
import { CHANGE_CHAIN, deriveAddress } from "../keys.js";
import { outputScript } from "../payout-transaction.js";
import { deriveWalletKeys } from "../wallet-keys.js";
import { vaultOutput } from "./address.js";
import { parseVaultDescriptor } from "./descriptor.js";
import { holderDescriptor, holderKeyFiles } from "./fixtures/vault-keys.js";
import { type KeyFile, keyFileMaster } from "./key-file.js";
import type { VaultCoin } from "./psbt.js";
import { buildRefillPsbt, chooseVaultCoins, psbtBytes, readPsbt, refillProblems } from "./refill.js";
import { signVaultInputs } from "./sign.js";

const vault = parseVaultDescriptor(holderDescriptor("regtest"), "regtest");
const [holder1, holder2] = holderKeyFiles("regtest");
const keys = deriveWalletKeys(
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
  "regtest",
);
const HOT = outputScript(deriveAddress(keys.account, "regtest", CHANGE_CHAIN, 4), keys);
const coin = (valueSats: bigint, index: number, chain: VaultCoin["chain"] = "receive"): VaultCoin => ({
  txid: (index + 1).toString(16).padStart(2, "0").repeat(32),
  vout: index % 2,
  valueSats,
  chain,
  index,
});

function sign(tx: Transaction, file: KeyFile | undefined) {
  if (file === undefined) throw new Error("no key file");
  signVaultInputs(tx, keyFileMaster(file), bip32Path(file.accountPath));
}

/** A refill of `amountSats` from `coins`, its PSBT made, signed by two holders and finalised. */
function refill(coins: readonly VaultCoin[], amountSats: bigint, feeRate: number) {
  const choice = chooseVaultCoins({
    vault,
    coins,
    amountSats,
    hotScript: HOT,
    changeScript: vaultOutput(vault, "change", 0).script,
    feeRate,
  });
  if (choice === null) throw new Error("no refill");
  const change = choice.changeSats === null ? null : { index: 2, sats: choice.changeSats };
  const made = buildRefillPsbt({ vault, coins: choice.coins, hotScript: HOT, amountSats, change });
  return { choice, change, made };
}

describe("a refill's PSBT", () => {
  it("pays the fee at the rate for the transaction two key holders' signatures make, and keeps its txid", () => {
    const coins = [coin(3_000_000n, 0), coin(1_500_000n, 1, "change"), coin(800_000n, 2)];
    const { choice, made } = refill(coins, 4_000_000n, 7.5);
    expect(choice.coins.map((c) => c.valueSats)).toEqual([3_000_000n, 1_500_000n]);
    const tx = Transaction.fromPSBT(Buffer.from(made.psbt, "base64"));
    expect(tx.id).toBe(made.txid);
    // Each input names the vault's three keys' derivations, and the change output its own: signers show it.
    expect(tx.getInput(0).bip32Derivation).toHaveLength(3);
    expect(tx.getOutput(1).bip32Derivation).toHaveLength(3);
    sign(tx, holder1);
    sign(tx, holder2);
    tx.finalize();
    expect(tx.id).toBe(made.txid);
    const fee = Number(choice.minerFee);
    // At most 72-byte signatures are counted: the fee covers the rate, a few bytes over at most.
    expect(fee).toBeGreaterThanOrEqual(7.5 * tx.vsize);
    expect(fee).toBeLessThanOrEqual(7.5 * (tx.vsize + 4) + 1);
  });

  it("is null when the coins cannot cover the amount and the fee", () => {
    expect(
      chooseVaultCoins({
        vault,
        coins: [coin(100_000n, 0)],
        amountSats: 100_000n,
        hotScript: HOT,
        changeScript: vaultOutput(vault, "change", 0).script,
        feeRate: 1,
      }),
    ).toBeNull();
  });
});

describe("refillProblems", () => {
  const coins = [coin(2_000_000n, 5)];
  const { choice, change, made } = refill(coins, 1_200_000n, 2);
  const expected = { vault, coins: choice.coins, hotScript: HOT, amountSats: 1_200_000n, change };
  const psbt = () => Transaction.fromPSBT(Buffer.from(made.psbt, "base64"));

  it("finds nothing wrong with the refill as made", () => {
    expect(refillProblems(psbt(), expected)).toEqual([]);
  });

  it("names an output that pays anyone else, one amount changed, one more output, another coin", () => {
    expect(refillProblems(psbt(), { ...expected, amountSats: 1_100_000n })).toEqual([
      "Output 0 pays neither the hot wallet nor the vault's change as the refill says.",
    ]);
    const extra = psbt();
    extra.addOutput({ script: HOT, amount: 1_000n });
    expect(refillProblems(extra, expected)).toContain(
      "It has 3 outputs: the hot wallet's and the vault's change only are allowed.",
    );
    expect(refillProblems(psbt(), { ...expected, coins: [coin(2_000_000n, 6)] })[0]).toMatch(
      /^Input 0 is not the vault coin/,
    );
    expect(
      refillProblems(psbt(), {
        ...expected,
        coins: [{ ...coins[0], valueSats: 2_000_001n } as VaultCoin],
      })[0],
    ).toMatch(/^Input 0 does not spend the vault's coin/);
  });
});

describe("psbtBytes and readPsbt", () => {
  const { made } = refill([coin(2_000_000n, 5)], 1_200_000n, 2);
  const bytes = Buffer.from(made.psbt, "base64");

  it("read base64 (with line breaks) and hex", () => {
    expect(Buffer.from(psbtBytes(`${made.psbt.slice(0, 40)}\n${made.psbt.slice(40)}\n`) ?? [])).toEqual(
      bytes,
    );
    expect(Buffer.from(psbtBytes(bytes.toString("hex")) ?? [])).toEqual(bytes);
    expect(readPsbt(made.psbt)?.id).toBe(made.txid);
  });

  it("refuse what is not a PSBT", () => {
    expect(psbtBytes("not a psbt")).toBeNull();
    expect(psbtBytes(Buffer.from("hello world").toString("base64"))).toBeNull();
    expect(readPsbt("cHNidP8BAA==")).toBeNull();
  });
});
