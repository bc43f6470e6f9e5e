import { describe, expect, it } from "vitest";
import { ChainBackendError } from "./chain-backend.js";
import { decodeTransaction, scriptAddress } from "./decode-transaction.js";
import { addresses, hashes, recorded, transactions, txids } from "./fixtures/expected.js";
import { recordedAnswer } from "./fixtures/replay.js";

/** A transaction's hex inside the recorded getblock answer of a block. */
function hexInBlock(blockHash: string, txid: string): string {
  const body = JSON.parse(recordedAnswer("getblock", [blockHash, 2]).body) as {
    result: { tx: { txid: string; hex: string }[] };
  };
  const tx = body.result.tx.find((t) => t.txid === txid);
  if (!tx) throw new Error(`${txid} is not in ${blockHash}`);
  return tx.hex;
}

describe("decodeTransaction", () => {
  it("skips a coinbase's input and keeps its outputs, the witness commitment without an address", () => {
    const hex = hexInBlock(hashes.block101, txids.coinbase101);
    const tx = decodeTransaction(hex, "regtest");
    expect(tx).toMatchObject(transactions.coinbase101 ?? {});
    expect(tx.inputs).toEqual([]);
    expect(tx.outputs[1]?.address).toBeNull();
    expect(tx.hex).toBe(hex);
  });

  it("reads a P2WPKH spend: its outpoint, exact satoshis and regtest addresses", () => {
    const tx = decodeTransaction(recorded.deposit.hex, "regtest");
    expect(tx).toMatchObject(transactions.deposit ?? {});
    expect(tx.outputs.map((o) => o.valueSats)).toEqual([50_000_000n, 4_949_998_590n]);
    expect(tx.outputs[0]?.script).toBe("00146fa016500a3c6a737ebb260e2ddca78ba9234558");
  });

  it("gives an OP_RETURN output a null address and a Taproot output its bech32m address", () => {
    expect(decodeTransaction(recorded.mempool.hex, "regtest")).toMatchObject(transactions.mempool ?? {});
    const sweep = decodeTransaction(recorded.sweep.hex, "regtest");
    expect(sweep).toMatchObject(transactions.sweep ?? {});
    expect(sweep.outputs[0]?.address).toBe(addresses.external);
  });

  it("gives a bare public key output (the genesis coinbase) no address", () => {
    const tx = decodeTransaction(hexInBlock(hashes.genesis, txids.genesisCoinbase), "regtest");
    expect(tx).toMatchObject(transactions.genesisCoinbase ?? {});
  });

  it("encodes addresses for the network asked (same program, the network's prefix and checksum)", () => {
    const script = Buffer.from("00146fa016500a3c6a737ebb260e2ddca78ba9234558", "hex");
    expect(scriptAddress(script, "regtest")).toBe(addresses.customerA);
    expect(scriptAddress(script, "testnet")).toMatch(
      /^tb1qd7spv5q28348xl4myc8zmh983w5jx32c[02-9ac-hj-np-z]{6}$/,
    );
    expect(scriptAddress(script, "mainnet")).toMatch(
      /^bc1qd7spv5q28348xl4myc8zmh983w5jx32c[02-9ac-hj-np-z]{6}$/,
    );
    expect(scriptAddress(script, "mainnet")).not.toBe(scriptAddress(script, "testnet")?.replace(/^tb/, "bc"));
  });

  it("answers the hex in lowercase", () => {
    const tx = decodeTransaction(recorded.deposit.hex.toUpperCase(), "regtest");
    expect(tx.txid).toBe(txids.deposit);
    expect(tx.hex).toBe(recorded.deposit.hex);
  });

  it.each([
    ["not hex", "zz"],
    ["an empty string", ""],
    ["a truncated transaction", recorded.deposit.hex.slice(0, 120)],
    ["a transaction with trailing bytes", `${recorded.deposit.hex}00`],
  ])("refuses %s as invalid-response", (_, hex) => {
    const call = () => decodeTransaction(hex, "regtest");
    expect(call).toThrow(ChainBackendError);
    try {
      call();
    } catch (error) {
      expect((error as ChainBackendError).failure).toBe("invalid-response");
    }
  });
});
