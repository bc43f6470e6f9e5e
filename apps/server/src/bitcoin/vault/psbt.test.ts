import { secp256k1 } from "@noble/curves/secp256k1.js";
import { bip32Path, SigHash, Transaction } from "@scure/btc-signer";
import { describe, expect, it } from "vitest";
import { networkParams } from "../network.js";
import { describeChildKey, vaultOutput } from "./address.js";
import { parseVaultDescriptor } from "./descriptor.js";
import { FOREIGN_MNEMONIC, fixtureKeyFile, holderDescriptor, holderKeyFiles } from "./fixtures/vault-keys.js";
import { type KeyFile, keyFileMaster } from "./key-file.js";
import { type VaultCoin, validVaultSignatures, vaultPsbtInput, vaultPsbtOutput } from "./psbt.js";
import { signVaultInputs } from "./sign.js";

const network = "regtest";
const vault = parseVaultDescriptor(holderDescriptor(network), network);
const [holder1, holder2, holder3] = holderKeyFiles(network);
const foreign = fixtureKeyFile(network, FOREIGN_MNEMONIC);
// A coin of the vault, with a made-up prevout: the PSBT carries its output (witnessUtxo), so no chain is needed.
const coin: VaultCoin = { txid: "11".repeat(32), vout: 1, valueSats: 2_000_000n, chain: "receive", index: 3 };
const payee = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";

function refill(input: ReturnType<typeof vaultPsbtInput> = vaultPsbtInput(vault, coin)): Transaction {
  const tx = new Transaction();
  tx.addInput(input);
  tx.addOutputAddress(payee, 1_500_000n, networkParams[network].params);
  tx.addOutput(vaultPsbtOutput(vault, "change", 0, 499_000n));
  return tx;
}

const viaPsbt = (tx: Transaction) => Transaction.fromPSBT(tx.toPSBT());

function sign(tx: Transaction, file: KeyFile | undefined) {
  if (file === undefined) throw new Error("no key file");
  return signVaultInputs(tx, keyFileMaster(file), bip32Path(file.accountPath));
}

/** A signature over input 0's BIP143 digest by `file`'s key at the coin's path, claimed for `publicKey`. */
function forgedSignature(tx: Transaction, file: KeyFile, publicKey: Uint8Array): [Uint8Array, Uint8Array] {
  const output = vaultOutput(vault, coin.chain, coin.index);
  const child = keyFileMaster(file).derive(`${file.accountPath}/0/${coin.index}`);
  if (!child.privateKey) throw new Error("no private key");
  const digest = tx.preimageWitnessV0(0, output.witnessScript, SigHash.ALL, coin.valueSats);
  const der = secp256k1.sign(digest, child.privateKey, { prehash: false, format: "der", lowS: true });
  return [publicKey, new Uint8Array([...der, SigHash.ALL])];
}

const fingerprintsOf = (keys: readonly { keyNumber: number }[]) => keys.map((key) => key.keyNumber).sort();

describe("a vault coin in a PSBT", () => {
  it("carries the coin's output, its witness script and the three keys' derivations", () => {
    const output = vaultOutput(vault, "receive", 3);
    const input = viaPsbt(refill()).getInput(0);
    expect(input.witnessUtxo).toEqual({ script: output.script, amount: 2_000_000n });
    expect(input.witnessScript).toEqual(output.witnessScript);
    const derivations = (input.bip32Derivation ?? []).map(([publicKey, { fingerprint, path }]) =>
      describeChildKey({ keyNumber: 1, publicKey, fingerprint, path }),
    );
    expect(derivations.sort()).toEqual(
      [holder1, holder2, holder3].map((file) => `${file?.fingerprint}/48h/1h/0h/2h/0/3`).sort(),
    );
    // The change back to the vault is marked as the vault's, so a signer can show it as change.
    const change = viaPsbt(refill()).getOutput(1);
    expect(change.witnessScript).toEqual(vaultOutput(vault, "change", 0).witnessScript);
    expect(change.bip32Derivation).toHaveLength(3);
  });

  it("takes two of the three keys: one signature does not finalise, two do", () => {
    const tx = viaPsbt(refill());
    expect(sign(tx, holder1)).toEqual({ signed: [{ input: 0, path: expect.any(Array) }], skipped: [] });
    const once = viaPsbt(tx);
    expect(fingerprintsOf(validVaultSignatures(once, 0, vaultOutput(vault, "receive", 3)))).toEqual([1]);
    expect(() => once.finalize()).toThrow(/wrong signatures count/);
    expect(once.isFinal).toBe(false);

    sign(once, holder2);
    const twice = viaPsbt(once);
    expect(fingerprintsOf(validVaultSignatures(twice, 0, vaultOutput(vault, "receive", 3)))).toEqual([1, 2]);
    twice.finalize();
    expect(twice.isFinal).toBe(true);
    // P2WSH multisig's witness: the empty item CHECKMULTISIG pops, two signatures, the witness script.
    const witness = twice.getInput(0).finalScriptWitness ?? [];
    expect(witness).toHaveLength(4);
    expect(witness[0]).toEqual(new Uint8Array());
    expect(witness[3]).toEqual(vaultOutput(vault, "receive", 3).witnessScript);
    expect(twice.extract().length).toBeGreaterThan(0);
  });

  it("does not count a signature by a key outside the witness script", () => {
    const tx = viaPsbt(refill());
    sign(tx, holder1);
    const foreignPublicKey = keyFileMaster(foreign).derive(
      `${foreign.accountPath}/0/${coin.index}`,
    ).publicKey;
    if (!foreignPublicKey) throw new Error("no public key");
    tx.updateInput(0, { partialSig: [forgedSignature(tx, foreign, foreignPublicKey)] });
    const withForeign = viaPsbt(tx);
    expect(withForeign.getInput(0).partialSig).toHaveLength(2);
    expect(fingerprintsOf(validVaultSignatures(withForeign, 0, vaultOutput(vault, "receive", 3)))).toEqual([
      1,
    ]);
    expect(() => withForeign.finalize()).toThrow(/wrong signatures count/);
    // The foreign key's own signer finds nothing to sign.
    expect(sign(viaPsbt(refill()), foreign)).toEqual({
      signed: [],
      skipped: [{ input: 0, reason: "none of its keys is this key's" }],
    });
  });

  it("does not count a signature claimed for a vault key but made by another (finalize() does not check it)", () => {
    const tx = viaPsbt(refill());
    sign(tx, holder1);
    const key2 = vaultOutput(vault, "receive", 3).keys.find((key) => key.keyNumber === 2);
    if (key2 === undefined) throw new Error("no key 2");
    tx.updateInput(0, { partialSig: [forgedSignature(tx, foreign, key2.publicKey)] });
    expect(fingerprintsOf(validVaultSignatures(tx, 0, vaultOutput(vault, "receive", 3)))).toEqual([1]);
    // btc-signer's finalize() only counts the keys; the server must check with validVaultSignatures first.
    expect(() => viaPsbt(tx).finalize()).not.toThrow();
  });

  it("counts nothing for an input that spends another of the vault's outputs", () => {
    const tx = viaPsbt(refill());
    sign(tx, holder1);
    expect(validVaultSignatures(tx, 0, vaultOutput(vault, "receive", 4))).toEqual([]);
    expect(validVaultSignatures(tx, 0, vaultOutput(vault, "change", 3))).toEqual([]);
  });

  it("signs an input without bip32Derivation by finding its key in the key holder's account", () => {
    const { bip32Derivation: _derivations, ...bare } = vaultPsbtInput(vault, {
      ...coin,
      chain: "change",
      index: 42,
    });
    const tx = viaPsbt(refill(bare as ReturnType<typeof vaultPsbtInput>));
    expect(tx.getInput(0).bip32Derivation).toBeUndefined();
    const result = sign(tx, holder3);
    expect(result.signed).toEqual([{ input: 0, path: [...bip32Path(holder3?.accountPath ?? ""), 1, 42] }]);
    expect(fingerprintsOf(validVaultSignatures(tx, 0, vaultOutput(vault, "change", 42)))).toEqual([3]);
  });
});
