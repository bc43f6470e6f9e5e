import { p2wpkh } from "@scure/btc-signer";
import { describe, expect, it } from "vitest";
import { decodeTransaction } from "../../bitcoin/chain/decode-transaction.js";
import { displayHex, sha256d } from "../../bitcoin/hashes.js";
import {
  blockSubsidy,
  coinbaseTransaction,
  GENESIS_PREVIOUS_HASH,
  merkleRoot,
  mineHeader,
  REGTEST_BITS,
} from "./blocks.js";

const publicKey = Buffer.from("0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c", "hex");

describe("sandbox blocks", () => {
  it("halves regtest's 50 BTC reward every 150 blocks", () => {
    expect(blockSubsidy(0)).toBe(5_000_000_000n);
    expect(blockSubsidy(149)).toBe(5_000_000_000n);
    expect(blockSubsidy(150)).toBe(2_500_000_000n);
    expect(blockSubsidy(150 * 64)).toBe(0n);
  });

  it("makes a coinbase that decodes as one: no inputs, the reward to the script, a real txid", () => {
    const script = p2wpkh(publicKey).script;
    const coinbase = coinbaseTransaction(7, script, 5_000_000_000n, new Uint8Array([1, 2]));
    const decoded = decodeTransaction(coinbase.hex, "regtest");
    expect(decoded.txid).toBe(coinbase.txid);
    expect(decoded.inputs).toEqual([]);
    expect(decoded.outputs).toEqual([
      expect.objectContaining({
        vout: 0,
        valueSats: 5_000_000_000n,
        address: expect.stringMatching(/^bcrt1q/),
      }),
    ]);
    expect(displayHex(sha256d(Buffer.from(coinbase.hex, "hex")))).toBe(coinbase.txid);
    // The same height with other extra bytes is another transaction (a block after a reorganisation).
    expect(coinbaseTransaction(7, script, 5_000_000_000n, new Uint8Array([3])).txid).not.toBe(coinbase.txid);
  });

  it("computes mainnet block 100000's merkle root from its four txids", () => {
    const root = merkleRoot([
      "8c14f0db3df150123e6f3dbbf30f8b955a8249b62ac1d1ff16284aefa3d06d87",
      "fff2525b8931402dd09222c50775608f75787bd2b87e56995a7bdd30f79702c4",
      "6359f0868171b1d194cbee1af2f16ea598ae8fad666d9b012c8ed2b79a236ec4",
      "e9a66845e05d5abc0ad04ec80f774a7e585c6e8db975962d069a522137b80c1d",
    ]);
    expect(displayHex(root)).toBe("f3e94742aca4b5ef85488dc37c06c3282295ffec960994b2c0d5ac2a25a95766");
  });

  it("mines a header on its parent that meets regtest's target and hashes to its hash", () => {
    const root = merkleRoot(["aa".repeat(32)]);
    const { header, hash } = mineHeader(GENESIS_PREVIOUS_HASH, root, new Date("2030-01-01T00:00:00Z"));
    const bytes = Buffer.from(header, "hex");
    expect(bytes).toHaveLength(80);
    expect(displayHex(sha256d(bytes))).toBe(hash);
    expect(bytes.readUInt32LE(72)).toBe(REGTEST_BITS);
    expect(displayHex(bytes.subarray(36, 68))).toBe(displayHex(root));
    expect(BigInt(`0x${hash}`) <= 0x7fffffn << 232n).toBe(true);
  });
});
