import { RawTx, Script, ScriptNum } from "@scure/btc-signer";
import { displayHex, internalBytes, sha256d } from "../../bitcoin/hashes.js";

// Pure pieces of the sandbox node's blocks: the coinbase transaction, the merkle root and the header,
// built as Bitcoin serialises them, so every hash the node answers is a real double SHA-256.

/** Regtest's difficulty: any header whose hash is at most this target (about one in two) is valid. */
export const REGTEST_BITS = 0x207fffff;
const REGTEST_TARGET = 0x7fffffn << 232n;
/** Blocks between halvings on regtest. */
const HALVING_INTERVAL = 150;
const INITIAL_SUBSIDY_SATS = 5_000_000_000n;
/** A coinbase output may be spent once it has this many confirmations (as on every network). */
export const COINBASE_MATURITY = 100;
/** The hash before the first block. */
export const GENESIS_PREVIOUS_HASH = "0".repeat(64);

/** The block reward at `height` on regtest (before fees). */
export function blockSubsidy(height: number): bigint {
  const halvings = Math.floor(height / HALVING_INTERVAL);
  return halvings >= 64 ? 0n : INITIAL_SUBSIDY_SATS >> BigInt(halvings);
}

/**
 * The coinbase transaction of the block at `height`: the height in its script (BIP34) and `extra` bytes
 * (so that two blocks at one height, before and after a reorganisation, differ), paying `value` to
 * `script`. Answers its raw hex and txid.
 */
export function coinbaseTransaction(
  height: number,
  script: Uint8Array,
  value: bigint,
  extra: Uint8Array,
): { hex: string; txid: string } {
  const raw = RawTx.encode({
    version: 2,
    segwitFlag: false,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffff_ffff,
        finalScriptSig: Script.encode([ScriptNum().encode(BigInt(height)), extra]),
        sequence: 0xffff_ffff,
      },
    ],
    outputs: [{ amount: value, script }],
    witnesses: undefined,
    lockTime: 0,
  });
  return { hex: Buffer.from(raw).toString("hex"), txid: displayHex(sha256d(raw)) };
}

/** The merkle root of the block's txids (display hex, coinbase first), as the header holds it. */
export function merkleRoot(txids: readonly string[]): Uint8Array {
  if (txids.length === 0) throw new Error("A block has at least its coinbase");
  let level = txids.map(internalBytes);
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as Uint8Array;
      const right = level[i + 1] ?? left;
      next.push(sha256d(Buffer.concat([left, right])));
    }
    level = next;
  }
  return level[0] as Uint8Array;
}

/**
 * A block header on top of `previousHash` with the given merkle root and time, its nonce searched until
 * the hash meets regtest's target (two tries on average). Answers the header (hex) and its hash.
 */
export function mineHeader(
  previousHash: string,
  root: Uint8Array,
  time: Date,
): { header: string; hash: string } {
  const header = Buffer.alloc(80);
  header.writeInt32LE(0x2000_0000, 0);
  Buffer.from(internalBytes(previousHash)).copy(header, 4);
  Buffer.from(root).copy(header, 36);
  header.writeUInt32LE(Math.floor(time.getTime() / 1000), 68);
  header.writeUInt32LE(REGTEST_BITS, 72);
  for (let nonce = 0; nonce <= 0xffff_ffff; nonce++) {
    header.writeUInt32LE(nonce, 76);
    const hash = sha256d(header);
    if (BigInt(`0x${displayHex(hash)}`) <= REGTEST_TARGET) {
      return { header: header.toString("hex"), hash: displayHex(hash) };
    }
  }
  throw new Error("No nonce meets the regtest target");
}
