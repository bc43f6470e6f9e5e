// The descriptor checksum of BIP-380 (Bitcoin Core's DescriptorChecksum in src/script/descriptor.cpp): a BCH
// code over the descriptor's characters, 8 characters of the bech32 alphabet after a '#'.

/** The characters a descriptor may hold, in three groups of 32 (the order the code's error bounds rely on). */
const INPUT_CHARSET =
  "0123456789()[],'/*abcdefgh@:$%{}" +
  "IJKLMNOPQRSTUVWXYZ&+-.;<=>?!^_|~" +
  'ijklmnopqrstuvwxyzABCDEFGH`#"\\ ';
const CHECKSUM_CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const GENERATOR = [0xf5dee51989n, 0xa9fdca3312n, 0x1bab10e32dn, 0x3706b1677an, 0x644d626ffdn];

export const CHECKSUM_LENGTH = 8;

// A 40-bit state: a bigint, so no bit is lost to JavaScript's 32-bit bitwise operators.
function polymod(state: bigint, value: number): bigint {
  const top = state >> 35n;
  let next = ((state & 0x7ffffffffn) << 5n) ^ BigInt(value);
  for (let i = 0; i < 5; i++) {
    if ((top >> BigInt(i)) & 1n) next ^= GENERATOR[i] as bigint;
  }
  return next;
}

/**
 * The checksum of a descriptor written without one (`wsh(...)`), or null when the text holds a character
 * outside the descriptor character set (it then has no checksum).
 */
export function descriptorChecksum(body: string): string | null {
  let state = 1n;
  let groups = 0;
  let groupCount = 0;
  for (const character of body) {
    const position = INPUT_CHARSET.indexOf(character);
    if (position === -1) return null;
    // Every character's place in its group, then after each three characters their three groups.
    state = polymod(state, position & 31);
    groups = groups * 3 + (position >> 5);
    groupCount += 1;
    if (groupCount === 3) {
      state = polymod(state, groups);
      groups = 0;
      groupCount = 0;
    }
  }
  if (groupCount > 0) state = polymod(state, groups);
  for (let i = 0; i < CHECKSUM_LENGTH; i++) state = polymod(state, 0);
  // So that appending zeros changes the checksum.
  state ^= 1n;
  let checksum = "";
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    checksum += CHECKSUM_CHARSET[Number((state >> BigInt(5 * (7 - i))) & 31n)];
  }
  return checksum;
}

/** The descriptor with its checksum appended (`wsh(...)#abcdefgh`); throws on a character outside the set. */
export function withChecksum(body: string): string {
  const checksum = descriptorChecksum(body);
  if (checksum === null) throw new Error(`Not a descriptor: a character is outside the descriptor set`);
  return `${body}#${checksum}`;
}

export type ChecksumProblem = "missing" | "malformed" | "charset" | "mismatch";

/**
 * Splits `SCRIPT#CHECKSUM` and checks the checksum. Answers the script without its checksum, or what is wrong:
 * no '#' (missing), not 8 characters of the checksum alphabet after it (malformed), a character outside the
 * descriptor set (charset), or a checksum that does not match (mismatch).
 */
export function checkChecksum(descriptor: string): { body: string } | { problem: ChecksumProblem } {
  const hash = descriptor.lastIndexOf("#");
  if (hash === -1) return { problem: "missing" };
  const body = descriptor.slice(0, hash);
  const given = descriptor.slice(hash + 1);
  if (given.length !== CHECKSUM_LENGTH || [...given].some((c) => !CHECKSUM_CHARSET.includes(c))) {
    return { problem: "malformed" };
  }
  const expected = descriptorChecksum(body);
  if (expected === null) return { problem: "charset" };
  return expected === given ? { body } : { problem: "mismatch" };
}
