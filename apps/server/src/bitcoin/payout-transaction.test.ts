import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { OutScript, p2pk, p2pkh, p2sh, p2tr, p2wpkh, p2wsh, SigHash, Transaction } from "@scure/btc-signer";
import { describe, expect, it } from "vitest";
import { accountKey, CHANGE_CHAIN, deriveAddress, derivePublicKey, RECEIVE_CHAIN } from "./keys.js";
import { networkParams } from "./network.js";
import {
  type Change,
  type Coin,
  type CoinChoice,
  chooseCoins,
  feeFor,
  outputScript,
  type Payment,
  signPayout,
} from "./payout-transaction.js";
import { deriveWalletKeys, type WalletKeys } from "./wallet-keys.js";

// The BIP84 test vectors' mnemonic, as the bank's wallet on regtest.
const MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
const keys = deriveWalletKeys(MNEMONIC, "regtest");

// Where customers withdraw to: a P2WPKH address of another wallet (account 1 of the same phrase) and a
// P2TR one, whose 34-byte script makes a larger output than P2WPKH's 22 bytes.
const otherWallet = accountKey(MNEMONIC, "regtest", 1);
const P2WPKH_PAYEE = deriveAddress(otherWallet, "regtest", RECEIVE_CHAIN, 0);
const P2TR_PAYEE = p2tr(
  secp256k1.getPublicKey(new Uint8Array(32).fill(7), true).subarray(1),
  undefined,
  networkParams.regtest.params,
).address as string;
// The other address types a customer may withdraw to: P2PKH (25-byte script), P2SH (23) and P2WSH (34).
const payeeKey = secp256k1.getPublicKey(new Uint8Array(32).fill(9), true);
const regtest = networkParams.regtest.params;
const P2PKH_PAYEE = p2pkh(payeeKey, regtest).address as string;
const P2SH_PAYEE = p2sh(p2wpkh(payeeKey), regtest).address as string;
const P2WSH_PAYEE = p2wsh(p2pk(payeeKey), regtest).address as string;
const CHANGE_SCRIPT = outputScript(deriveAddress(keys.account, "regtest", CHANGE_CHAIN, 0), keys);

const coin = (valueSats: bigint, n: number, chain = RECEIVE_CHAIN, chainIndex = n): Coin => ({
  txid: n.toString(16).padStart(4, "0").repeat(16),
  vout: n,
  valueSats,
  chain,
  chainIndex,
});

function choose(coins: readonly Coin[], payments: readonly Payment[], feeRate = 1): CoinChoice | null {
  return chooseCoins({
    coins,
    paymentScripts: payments.map((payment) => outputScript(payment.address, keys)),
    amountSats: payments.reduce((sum, payment) => sum + payment.amountSats, 0n),
    changeScript: CHANGE_SCRIPT,
    feeRate,
  });
}

const pay = (amountSats: bigint, address = P2WPKH_PAYEE): Payment => ({ address, amountSats });

// Sizes in weight units: 42 of overhead, 272 per P2WPKH input, (8 + 1 + script) * 4 per output: 124 for
// P2WPKH (the payee's and the change), 172 for P2TR. A fee is the vbytes (weight / 4, rounded up) times the
// rate, rounded up to a satoshi.
describe("feeFor", () => {
  it("charges the rate for every vbyte, a part vbyte and a part satoshi rounded up", () => {
    expect(feeFor(562, 1)).toBe(141n); // 140.5 vB: 141
    expect(feeFor(560, 1)).toBe(140n);
    expect(feeFor(562, 10)).toBe(1_410n);
    expect(feeFor(562, 12.345)).toBe(1_741n); // 1,740.645 sat
    expect(feeFor(400, 1.5)).toBe(150n); // exactly 150: not rounded up
    expect(feeFor(4, 1.0001)).toBe(2n);
  });
});

describe("chooseCoins", () => {
  const coins = [coin(10_000n, 1), coin(50_000n, 2), coin(30_000n, 3)];

  it("without an exact match, takes the largest coin first, whatever the order given, with change", () => {
    // One input, the payment and the change: 562 WU, 141 vB at 1 sat/vB.
    expect(choose(coins, [pay(40_000n)])).toEqual({
      coins: [coins[1]],
      minerFee: 141n,
      changeSats: 50_000n - 40_000n - 141n,
    });
  });

  it("adds coins, largest first, until they cover the payments and the fee of the larger transaction", () => {
    // Two inputs: 834 WU, 209 vB.
    expect(choose(coins, [pay(70_000n)])).toEqual({
      coins: [coins[1], coins[2]],
      minerFee: 209n,
      changeSats: 80_000n - 70_000n - 209n,
    });
    // Three inputs: 1,106 WU, 277 vB.
    expect(choose(coins, [pay(85_000n)])).toEqual({
      coins: [coins[1], coins[2], coins[0]],
      minerFee: 277n,
      changeSats: 90_000n - 85_000n - 277n,
    });
  });

  it("pays the fee at the rate asked, for the outputs' real sizes", () => {
    const one = [coin(50_000n, 1)];
    expect(choose(one, [pay(40_000n)], 10)).toMatchObject({ minerFee: 1_410n, changeSats: 8_590n });
    expect(choose(one, [pay(40_000n)], 12.345)).toMatchObject({ minerFee: 1_741n, changeSats: 8_259n });
    // A P2TR payee's output is 48 WU larger: 610 WU, 153 vB.
    expect(choose(one, [pay(40_000n, P2TR_PAYEE)])).toMatchObject({ minerFee: 153n, changeSats: 9_847n });
    // Two payments and the change: 734 WU, 184 vB.
    expect(choose(one, [pay(20_000n), pay(15_000n, P2TR_PAYEE)])).toEqual({
      coins: one,
      minerFee: 184n,
      changeSats: 50_000n - 35_000n - 184n,
    });
  });

  it("keeps change of exactly its dust limit (294 sat: a P2WPKH), and gives change below it to the miners", () => {
    const one = [coin(50_000n, 1)];
    expect(choose(one, [pay(50_000n - 141n - 294n)])).toMatchObject({ minerFee: 141n, changeSats: 294n });
    // 293 sat of change would be dust: no change output, and the miners get it with the fee.
    expect(choose(one, [pay(50_000n - 141n - 293n)])).toEqual({
      coins: one,
      minerFee: 141n + 293n,
      changeSats: null,
    });
  });

  it("refuses when all the coins together do not cover the payments and the fee", () => {
    // Three inputs and the payment without change: 982 WU, 246 vB; 90,000 sat cover 89,754 and no more.
    expect(choose(coins, [pay(90_000n - 246n)])).toEqual({
      coins: [coins[1], coins[2], coins[0]],
      minerFee: 246n,
      changeSats: null,
    });
    expect(choose(coins, [pay(90_000n - 245n)])).toBeNull();
    expect(choose(coins, [pay(90_000n)])).toBeNull();
    expect(choose([], [pay(1_000n)])).toBeNull();
    expect(() => choose(coins, [])).toThrow("A payout pays at least one payment");
  });

  it("pays an exact match without change, rather than the largest coin with change", () => {
    // One input and the payment: 438 WU, 110 vB at 1 sat/vB. 40,110 sat pay 40,000 and the fee exactly.
    const large = coin(100_000n, 1);
    const exact = coin(40_110n, 2);
    expect(choose([large, exact], [pay(40_000n)])).toEqual({
      coins: [exact],
      minerFee: 110n,
      changeSats: null,
    });
    // Up to 293 sat over still counts (the miners get it: it would be dust as change); 294 over does not.
    const within = coin(40_110n + 293n, 3);
    expect(choose([large, within], [pay(40_000n)])).toEqual({
      coins: [within],
      minerFee: 110n + 293n,
      changeSats: null,
    });
    const over = coin(40_110n + 294n, 4);
    expect(choose([large, over], [pay(40_000n)])).toEqual({
      coins: [large],
      minerFee: 141n,
      changeSats: 100_000n - 40_000n - 141n,
    });
    // From two coins, largest first, passing over the one that overshoots: 710 WU, 178 vB.
    const pair = [coin(30_000n, 5), coin(10_178n, 6)];
    expect(choose([large, ...pair], [pay(40_000n)])).toEqual({
      coins: pair,
      minerFee: 178n,
      changeSats: null,
    });
  });

  it("gathers many small coins, sized with the longer input count past 252 inputs", () => {
    // 300 coins of 10,000 sat, 68 vB each to spend: 262 of them pay 2,600,000 sat and the fee, and from 253
    // inputs their count takes 3 bytes instead of 1: 42 + 8 + 272 * 262 + 124 * 2 = 71,562 WU, 17,891 vB
    // (17,889 without the 8 WU).
    const small = Array.from({ length: 300 }, (_, n) => coin(10_000n, n));
    const choice = choose(small, [pay(2_600_000n)]) as CoinChoice;
    expect(choice.coins).toEqual(small.slice(0, 262));
    expect(choice.minerFee).toBe(17_891n);
    expect(choice.changeSats).toBe(2_620_000n - 2_600_000n - 17_891n);
  });
});

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

/** Checks each input's BIP143 signature against the coin it spends, as a node would for P2WPKH. */
function expectSignedByItsKey(tx: Transaction, coins: readonly Coin[]): void {
  expect(tx.inputsLength).toBe(coins.length);
  for (const [index, spent] of coins.entries()) {
    const input = tx.getInput(index);
    expect(hex(input.txid as Uint8Array)).toBe(spent.txid);
    expect(input.index).toBe(spent.vout);
    const publicKey = derivePublicKey(keys.account, spent.chain, spent.chainIndex);
    const [signature, witnessKey] = input.finalScriptWitness as [Uint8Array, Uint8Array];
    expect(hex(witnessKey)).toBe(hex(publicKey));
    expect(signature.at(-1)).toBe(SigHash.ALL);
    const spentScript = outputScript(
      deriveAddress(keys.account, "regtest", spent.chain, spent.chainIndex),
      keys,
    );
    const program = OutScript.decode(spentScript);
    if (program.type !== "wpkh") throw new Error(`coin ${index} is not P2WPKH`);
    const scriptCode = OutScript.encode({ type: "pkh", hash: program.hash });
    const digest = tx.preimageWitnessV0(index, scriptCode, SigHash.ALL, spent.valueSats);
    const valid = secp256k1.verify(signature.subarray(0, -1), digest, publicKey, {
      prehash: false,
      format: "der",
      lowS: true,
    });
    expect(valid, `the signature of input ${index}`).toBe(true);
  }
}

describe("signPayout", () => {
  // A deposit coin (receive chain) and an earlier payout's change (change chain), each with its own key.
  const coins = [coin(30_000n, 1, RECEIVE_CHAIN, 4), coin(50_000n, 2, CHANGE_CHAIN, 0)];
  const change: Change = {
    address: deriveAddress(keys.account, "regtest", CHANGE_CHAIN, 7),
    chain: CHANGE_CHAIN,
    index: 7,
  };

  it("signs every coin with its own key and pays each payment exactly, then the change, less the fee", () => {
    const payments = [pay(45_000n), pay(25_000n, P2TR_PAYEE)];
    const choice = choose(coins, payments, 2) as CoinChoice;
    // Two inputs, two payments (one P2TR) and the change: 1,006 WU, 252 vB at 2 sat/vB.
    expect(choice).toEqual({
      coins: [coins[1], coins[0]],
      minerFee: 504n,
      changeSats: 80_000n - 70_000n - 504n,
    });
    const signed = signPayout({ keys, choice, payments, change });
    expect(signed.paymentVouts).toEqual([0, 1]);
    expect(signed.changeVout).toBe(2);

    const tx = Transaction.fromRaw(Buffer.from(signed.hex, "hex"));
    expectSignedByItsKey(tx, choice.coins);
    const outputs = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i));
    expect(outputs.map((output) => [hex(output.script as Uint8Array), output.amount])).toEqual([
      [hex(outputScript(P2WPKH_PAYEE, keys)), 45_000n],
      [hex(outputScript(P2TR_PAYEE, keys)), 25_000n],
      [hex(outputScript(change.address, keys)), 9_496n],
    ]);
    const paidOut = outputs.reduce((sum, output) => sum + (output.amount as bigint), 0n);
    expect(80_000n - paidOut).toBe(choice.minerFee);

    // The txid is the double SHA-256 of the transaction without its witnesses, shown reversed; the vsize
    // counts the witness bytes a quarter.
    const stripped = tx.toBytes(true, false);
    expect(signed.txid).toBe(hex(sha256(sha256(stripped)).reverse()));
    expect(signed.txid).toBe(tx.id);
    const weight = stripped.length * 3 + signed.hex.length / 2;
    expect(signed.vsize).toBe(Math.ceil(weight / 4));
    // The estimate the fee was paid for is never smaller than the transaction: the rate is at least met.
    expect(signed.vsize).toBeLessThanOrEqual(252);
    expect(Number(choice.minerFee) / signed.vsize).toBeGreaterThanOrEqual(2);
  });

  it("makes no change output when the change would be dust: the fee takes it", () => {
    const payments = [pay(50_000n - 141n - 293n)];
    const choice = choose([coins[1] as Coin], payments) as CoinChoice;
    expect(choice.changeSats).toBeNull();
    const signed = signPayout({ keys, choice, payments, change });
    expect(signed.paymentVouts).toEqual([0]);
    expect(signed.changeVout).toBeNull();
    const tx = Transaction.fromRaw(Buffer.from(signed.hex, "hex"));
    expectSignedByItsKey(tx, choice.coins);
    expect(tx.outputsLength).toBe(1);
    expect(tx.getOutput(0).amount).toBe(49_566n);
    expect(choice.minerFee).toBe(434n);
    expect(50_000n - (tx.getOutput(0).amount as bigint)).toBe(choice.minerFee);
  });

  it("refuses a payment below its address's dust limit: no node would relay the payout", () => {
    const choice = choose([coin(50_000n, 1)], [pay(40_000n)]);
    if (choice === null) throw new Error("no choice");
    for (const [address, dust] of [
      [P2WPKH_PAYEE, 294n],
      [P2TR_PAYEE, 330n],
      [P2PKH_PAYEE, 546n],
    ] as const) {
      expect(() => signPayout({ keys, choice, payments: [pay(dust - 1n, address)], change })).toThrow(
        "would be dust",
      );
      expect(signPayout({ keys, choice, payments: [pay(dust, address)], change }).paymentVouts).toEqual([0]);
    }
  });

  it("refuses an address of another network, and keys without their private half", () => {
    const mainnet = deriveAddress(accountKey(MNEMONIC, "mainnet"), "mainnet", RECEIVE_CHAIN, 0);
    expect(() => outputScript(mainnet, keys)).toThrow();
    const choice = choose([coins[1] as Coin], [pay(40_000n)]) as CoinChoice;
    expect(() => signPayout({ keys, choice, payments: [pay(40_000n, mainnet)], change })).toThrow();
    const watchOnly: WalletKeys = {
      network: "regtest",
      account: accountKey(MNEMONIC, "regtest").wipePrivateData(),
    };
    expect(() => signPayout({ keys: watchOnly, choice, payments: [pay(40_000n)], change })).toThrow(
      "The wallet keys hold no private key",
    );
  });

  it("pays the backend's rate for the signed transaction's size, decimals included, to every address type", () => {
    const payments = [
      pay(300_000n),
      pay(100_000n, P2TR_PAYEE),
      pay(100_000n, P2PKH_PAYEE),
      pay(50_000n, P2SH_PAYEE),
      pay(25_000n, P2WSH_PAYEE),
    ];
    const wallet = [
      coin(300_000n, 1, RECEIVE_CHAIN, 1),
      coin(200_000n, 2, CHANGE_CHAIN, 2),
      coin(150_000n, 3, RECEIVE_CHAIN, 3),
      coin(60_000n, 4, RECEIVE_CHAIN, 5),
    ];
    // 575,000 sat need three coins at every rate (the fourth would not make an exact match); three inputs,
    // the payments' outputs 124 + 172 + 136 + 128 + 172 WU, and the change 124.
    const estimate = 42 + 272 * 3 + 856;
    for (const rate of [1, 1.001, 2.5, 12.345, 40, 123.456]) {
      const choice = choose(wallet, payments, rate) as CoinChoice;
      expect(choice.coins, `at ${rate} sat/vB`).toEqual(wallet.slice(0, 3));
      // The fee is the estimate's vbytes at the rate, rounded up to a satoshi: not at a whole sat/vB.
      expect(choice.minerFee, `at ${rate} sat/vB`).toBe(feeFor(estimate, rate));
      const signed = signPayout({ keys, choice, payments, change });
      const tx = Transaction.fromRaw(Buffer.from(signed.hex, "hex"));
      expectSignedByItsKey(tx, choice.coins);
      const spent = choice.coins.reduce((sum, c) => sum + c.valueSats, 0n);
      let paidOut = 0n;
      for (let i = 0; i < tx.outputsLength; i++) paidOut += tx.getOutput(i).amount as bigint;
      const fee = spent - paidOut;
      expect(fee).toBe(choice.minerFee);
      expect(tx.getOutput(5).amount).toBe(choice.changeSats);
      // A signature is at most 72 bytes, as the estimate counts it: the real size is never larger.
      expect(signed.vsize).toBeLessThanOrEqual(Math.ceil(estimate / 4));
      const paidRate = Number(fee) / signed.vsize;
      expect(paidRate, `at ${rate} sat/vB`).toBeGreaterThanOrEqual(rate);
      expect(paidRate, `at ${rate} sat/vB`).toBeLessThanOrEqual(rate + 1);
    }
  });

  it("signs a payout of many small coins into a valid transaction at the rate", () => {
    const small = Array.from({ length: 60 }, (_, n) => coin(5_000n, n, n % 2, n));
    const payments = [pay(200_000n), pay(40_000n, P2TR_PAYEE)];
    const choice = choose(small, payments, 3.5) as CoinChoice;
    // 51 inputs: 42 + 272 * 51 + 124 + 172 + 124 = 14,334 WU, 3,584 vB; 12,544 sat at 3.5 sat/vB.
    expect(choice.coins).toEqual(small.slice(0, 51));
    expect(choice.minerFee).toBe(12_544n);
    expect(choice.changeSats).toBe(255_000n - 240_000n - 12_544n);
    const signed = signPayout({ keys, choice, payments, change });
    const tx = Transaction.fromRaw(Buffer.from(signed.hex, "hex"));
    expectSignedByItsKey(tx, choice.coins);
    expect(Number(choice.minerFee) / signed.vsize).toBeGreaterThanOrEqual(3.5);
    expect(Number(choice.minerFee) / signed.vsize).toBeLessThanOrEqual(4.5);
  });
});
