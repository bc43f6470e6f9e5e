// Dust: an output worth less than it would cost to spend. Bitcoin Core refuses to relay a transaction that
// makes one (policy/policy.cpp, GetDustThreshold and IsDust), and its threshold depends on the output's
// type. At the default -dustrelayfee of 3,000 sat/kvB (3 sat/vB), an output is dust below
//
//   (its serialized size + the size of an input spending it) x 3 sat
//
// where the output is 8 (amount) + the script's CompactSize length + the script, and the input is
// 32 (txid) + 4 (vout) + 1 (scriptSig length) + 107 (a signature and a public key) + 4 (sequence) = 148
// bytes; for a witness program the 107 bytes are witness, counted at a quarter (integer division, as Core
// does): 32 + 4 + 1 + 107 / 4 + 4 = 32 + 4 + 1 + 26 + 4 = 67 bytes. So:
//
//   P2PKH   25-byte script   (8 + 1 + 25 + 148) x 3 = 546
//   P2SH    23-byte script   (8 + 1 + 23 + 148) x 3 = 540
//   P2WPKH  22-byte script   (8 + 1 + 22 +  67) x 3 = 294
//   P2WSH   34-byte script   (8 + 1 + 34 +  67) x 3 = 330
//   P2TR    34-byte script   (8 + 1 + 34 +  67) x 3 = 330

/** Bitcoin Core's default dust relay fee, in sat per 1,000 vbytes (-dustrelayfee=0.00003). */
const DUST_RELAY_FEE_SAT_PER_KVB = 3_000n;

/** A legacy input's size: outpoint, scriptSig length, a 107-byte scriptSig, sequence. */
const INPUT_BYTES = 32 + 4 + 1 + 107 + 4;
/** A witness input's size: the 107 bytes of witness count at a quarter, rounded down as Core does. */
const WITNESS_INPUT_BYTES = 32 + 4 + 1 + Math.floor(107 / 4) + 4;

/** A CompactSize's length in bytes (a script's length before it). */
function compactSizeBytes(n: number): number {
  if (n < 0xfd) return 1;
  if (n <= 0xffff) return 3;
  return n <= 0xffffffff ? 5 : 9;
}

/**
 * True for a segwit output script (Core's CScript::IsWitnessProgram): 4 to 42 bytes, a version opcode
 * (OP_0, or OP_1 to OP_16) and one push of the rest, 2 to 40 bytes.
 */
function isWitnessProgram(script: Uint8Array): boolean {
  if (script.length < 4 || script.length > 42) return false;
  const version = script[0] ?? -1;
  if (version !== 0x00 && (version < 0x51 || version > 0x60)) return false;
  return script[1] === script.length - 2;
}

/**
 * The smallest amount an output paying `script` may carry and still be relayed: Bitcoin Core's dust
 * threshold at its default dust relay fee (546 sat for P2PKH, 540 P2SH, 294 P2WPKH, 330 P2WSH and P2TR).
 * An output of exactly this much is not dust.
 */
export function dustLimitOf(script: Uint8Array): bigint {
  const outputBytes = 8 + compactSizeBytes(script.length) + script.length;
  const inputBytes = isWitnessProgram(script) ? WITNESS_INPUT_BYTES : INPUT_BYTES;
  return (BigInt(outputBytes + inputBytes) * DUST_RELAY_FEE_SAT_PER_KVB) / 1000n;
}
