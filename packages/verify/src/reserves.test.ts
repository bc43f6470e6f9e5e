import { secp256k1 } from "@noble/curves/secp256k1.js";
import * as btc from "@scure/btc-signer";
import { describe, expect, it } from "vitest";
import { utf8 } from "./bytes.js";
import {
  checkReserves,
  commitmentHash,
  commitmentTxid,
  POR_PREFIX,
  type ReservesFile,
  reservesMessage,
} from "./reserves.js";

// The reserves proof's checks, on proofs signed by btc-signer (an implementation apart from the digests
// the checks compute): a hot P2WPKH coin and a 2-of-3 P2WSH vault coin, then each way a proof can lie.

const key = (n: number) => new Uint8Array(32).fill(n);
const pub = (k: Uint8Array) => secp256k1.getPublicKey(k, true);
const hot = btc.p2wpkh(pub(key(1)));
const vault = btc.p2wsh(btc.p2ms(2, [pub(key(2)), pub(key(3)), pub(key(4))]));
const rootHash = new Uint8Array(32).fill(9);
const blockHash = "cc".repeat(32);
const message = reservesMessage("Satsbank", 42n, rootHash);
const epoch = { bankName: "Satsbank", epoch: 42n, rootHash, total: 5_999n, blockHeight: 7n, blockHash };

function proof({
  commitment = commitmentTxid(message),
  vaultKeys = [2, 4],
  hotValue = 1_000n,
  outputValue,
}: {
  commitment?: string;
  vaultKeys?: number[];
  hotValue?: bigint;
  outputValue?: bigint;
} = {}) {
  const tx = new btc.Transaction({ allowUnknownInputs: true });
  tx.addInput({ txid: commitment, index: 0, porCommitment: utf8(message) });
  tx.addInput({ txid: "aa".repeat(32), index: 1, witnessUtxo: { script: hot.script, amount: hotValue } });
  tx.addInput({
    txid: "bb".repeat(32),
    index: 0,
    witnessUtxo: { script: vault.script, amount: 5_000n },
    witnessScript: vault.witnessScript,
  });
  tx.addOutput({ script: hot.script, amount: outputValue ?? hotValue + 5_000n });
  tx.signIdx(key(1), 1);
  for (const n of vaultKeys) tx.signIdx(key(n), 2);
  return tx;
}

/** Input `i`'s signatures replaced by `signatures` (btc-signer refuses a second one by the same key). */
function resign(
  tx: btc.Transaction,
  i: number,
  signatures: ReturnType<btc.Transaction["getInput"]>["partialSig"],
) {
  tx.updateInput(i, { partialSig: undefined }, true);
  tx.updateInput(i, { partialSig: signatures }, true);
}

const base64 = (tx: btc.Transaction) => btoa(String.fromCharCode(...tx.toPSBT()));

function file(tx: btc.Transaction, changes: Partial<ReservesFile> = {}): ReservesFile {
  return {
    status: "covered",
    message,
    blockHeight: "7",
    blockHash,
    total: "6000",
    coinCount: 2,
    psbt: base64(tx),
    ...changes,
  };
}

const failures = (result: ReturnType<typeof checkReserves>) =>
  result.checks.filter((check) => !check.ok).map((check) => check.says);

describe("the reserves proof", () => {
  it("commits to SHA256('Proof-of-Reserves: ' + message), the hash's bytes as input 0's outpoint", () => {
    expect(POR_PREFIX).toBe("Proof-of-Reserves: ");
    expect(message).toBe(`Satsbank epoch 42 liabilities root ${"09".repeat(32)}`);
    const reversed = Buffer.from(commitmentHash(message)).reverse().toString("hex");
    expect(commitmentTxid(message)).toBe(reversed);
  });

  it("holds when every coin is signed, the one output pays their sum and they cover the liabilities", () => {
    const result = checkReserves(epoch, file(proof()));
    expect(failures(result)).toEqual([]);
    expect(result.checks.map((check) => check.says)).toEqual([
      `The reserves proof commits to "${message}"`,
      "Its coins are stated unspent at the epoch's block 7",
      "Each of its 2 coins is signed by its keys for this proof",
      "Reserves of 6000 sat cover the liabilities of 5999 sat",
    ]);
    expect(result.read?.coins.map((coin) => `${coin.txid}:${coin.vout}`)).toEqual([
      `${"aa".repeat(32)}:1`,
      `${"bb".repeat(32)}:0`,
    ]);
  });

  it("fails when a coin's signature is for another message (signed for another epoch's commitment)", () => {
    const other = proof({ commitment: commitmentTxid(reservesMessage("Satsbank", 41n, rootHash)) });
    const tx = proof({ vaultKeys: [2, 4] });
    // The other proof's signatures, moved onto this epoch's transaction.
    resign(tx, 1, other.getInput(1).partialSig);
    expect(failures(checkReserves(epoch, file(tx)))).toEqual([
      `The coin ${"aa".repeat(32)}:1 (input 1) carries no valid signature by its key for this proof`,
    ]);
  });

  it("fails when input 0 is not the commitment (a proof that commits to nothing can be replayed)", () => {
    const result = checkReserves(epoch, file(proof({ commitment: "dd".repeat(32) })));
    expect(failures(result)).toContain(`The reserves proof's input 0 is not the commitment to "${message}"`);
  });

  it("fails for a message of another epoch, and for another block", () => {
    const result = checkReserves(epoch, file(proof(), { message: "Satsbank epoch 41", blockHeight: "6" }));
    expect(failures(result)).toEqual([
      `The reserves proof's message is not this epoch's ("${message}")`,
      "It names block 6, not the epoch's block 7",
    ]);
  });

  it("fails when a vault coin has one signature of the two its script needs, or the proof awaits them", () => {
    const one = checkReserves(epoch, file(proof({ vaultKeys: [3] })));
    expect(failures(one)).toEqual([
      `The coin ${"bb".repeat(32)}:0 (input 2) is signed by 1 of the 2 keys its script needs`,
    ]);
    const waiting = checkReserves(epoch, file(proof({ vaultKeys: [] }), { status: "awaiting_signatures" }));
    expect(failures(waiting)).toEqual([
      "The reserves proof is not complete: the vault's key holders have not signed it yet",
      `The coin ${"bb".repeat(32)}:0 (input 2) is signed by 0 of the 2 keys its script needs`,
    ]);
  });

  it("fails when the reserves are below the liabilities, and when the stated total is not the coins'", () => {
    const short = checkReserves({ ...epoch, total: 6_001n }, file(proof()));
    expect(failures(short)).toEqual(["Reserves of 6000 sat are below the liabilities of 6001 sat"]);
    const stated = checkReserves(epoch, file(proof(), { total: "7000" }));
    expect(failures(stated)).toEqual(["It states 7000 sat in 2 coins; its coins hold 6000 sat in 2"]);
  });

  it("fails when a coin's value is raised in the PSBT: its signature covered the value it really holds", () => {
    const tx = proof();
    const signature = tx.getInput(1).partialSig;
    const raised = proof({ hotValue: 2_000n, outputValue: 6_000n });
    resign(raised, 1, signature);
    expect(failures(checkReserves(epoch, file(raised, { total: "7000" })))).toEqual([
      `The coin ${"aa".repeat(32)}:1 (input 1) carries no valid signature by its key for this proof`,
      "Its outputs are not one output paying the coins' sum back to the bank",
    ]);
  });

  it("says what is wrong with a PSBT it cannot read", () => {
    const result = checkReserves(epoch, file(proof(), { psbt: "bm90IGEgcHNidA==" }));
    expect(result.read).toBeNull();
    expect(failures(result)[0]).toMatch(/^The reserves proof is not a readable PSBT \(/);
  });
});
