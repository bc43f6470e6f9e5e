import { secp256k1 } from "@noble/curves/secp256k1.js";
import { bip32Path, p2wpkh, Transaction } from "@scure/btc-signer";
import { describe, expect, it } from "vitest";
import { holderDescriptor, holderKeyFiles } from "../../bitcoin/vault/fixtures/vault-keys.js";
import {
  type KeyFile,
  keyFileMaster,
  parseVaultDescriptor,
  signVaultInputs,
  vaultOutput,
  vaultPsbtInput,
} from "../../bitcoin/vault/index.js";
import { verifySpends } from "./verify-spends.js";

const REGTEST = { bech32: "bcrt", pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef };
const key = secp256k1.utils.randomSecretKey();
const other = secp256k1.utils.randomSecretKey();
const payment = p2wpkh(secp256k1.getPublicKey(key, true), REGTEST);
const prevout = { script: payment.script, amount: 10_000n };

function spend(signWith: Uint8Array, amount = prevout.amount) {
  const tx = new Transaction();
  tx.addInput({ txid: "ab".repeat(32), index: 0, witnessUtxo: { script: prevout.script, amount } });
  tx.addOutputAddress(payment.address as string, 9_000n, REGTEST);
  tx.sign(signWith);
  tx.finalize();
  return Transaction.fromRaw(tx.extract(), { allowUnknownOutputs: true });
}

describe("verifySpends", () => {
  it("accepts a P2WPKH spend signed by the key its output names", () => {
    expect(verifySpends(spend(key), [prevout])).toBeNull();
  });

  it("refuses a spend signed by another key, or signed for another amount", () => {
    expect(() => spend(other)).toThrow(); // btc-signer itself will not sign with a key that does not match
    expect(verifySpends(spend(key, 20_000n), [prevout])).toMatch(/mandatory-script-verify-flag-failed/);
  });

  it("refuses an input whose output is unknown", () => {
    expect(verifySpends(spend(key), [])).toBe("bad-txns-inputs-missingorspent");
  });
});

describe("verifySpends of the cold vault's P2WSH 2-of-3", () => {
  const vault = parseVaultDescriptor(holderDescriptor("regtest"), "regtest");
  const holders = holderKeyFiles("regtest");
  const coin = { txid: "cd".repeat(32), vout: 1, valueSats: 50_000n, chain: "receive", index: 4 } as const;
  const vaultPrevout = { script: vaultOutput(vault, coin.chain, coin.index).script, amount: coin.valueSats };

  function vaultSpend(...files: KeyFile[]) {
    const tx = new Transaction();
    tx.addInput(vaultPsbtInput(vault, coin));
    tx.addOutputAddress(payment.address as string, 49_000n, REGTEST);
    for (const file of files) signVaultInputs(tx, keyFileMaster(file), bip32Path(file.accountPath));
    return tx;
  }

  it("accepts two of the three keys' signatures, whichever two", () => {
    const [one, two, three] = holders;
    for (const pair of [
      [one, two],
      [one, three],
      [two, three],
    ] as const) {
      const tx = vaultSpend(...pair);
      tx.finalize();
      expect(verifySpends(Transaction.fromRaw(tx.extract()), [vaultPrevout])).toBeNull();
    }
  });

  it("refuses a witness whose script is not the output's, or whose signatures do not verify", () => {
    const [one, two] = holders;
    const tx = vaultSpend(one, two);
    tx.finalize();
    const raw = Transaction.fromRaw(tx.extract());
    const other = { script: vaultOutput(vault, "receive", 5).script, amount: coin.valueSats };
    expect(verifySpends(raw, [other])).toMatch(/Witness program hash mismatch/);
    expect(verifySpends(raw, [{ ...vaultPrevout, amount: 50_001n }])).toMatch(/CHECK\(MULTI\)SIG/);
  });
});
