import { createHmac, randomInt } from "node:crypto";
import { RECOVERY_CODE_COUNT } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import type { AuthKeys } from "./keys.js";
import {
  countUnusedRecoveryCodes,
  deleteUserRecoveryCodes,
  replaceUserRecoveryCodes,
  useRecoveryCode,
} from "./recovery-code-queries.js";

// No 0/o, 1/l/i: a code copied by hand from paper is read back right. 31 symbols, 10 of them: 49 bits,
// against a guesser held to the second step's limits.
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const LENGTH = 10;
const SHAPE = new RegExp(`^[${ALPHABET}]{${LENGTH}}$`);

/** One fresh code as shown: "7hk3m-q9xwz". */
function newRecoveryCode(): string {
  const symbols = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${symbols.slice(0, LENGTH / 2)}-${symbols.slice(LENGTH / 2)}`;
}

/**
 * What is stored of a code: an HMAC of its symbols (case, spaces and hyphens as typed do not count) and
 * the account's id, keyed by a secret the database does not hold. Null for text that cannot be a code.
 */
export function recoveryCodeMac(keys: Pick<AuthKeys, "recoveryCode">, userId: string, typed: string) {
  const symbols = typed.toLowerCase().replace(/[\s-]/g, "");
  if (!SHAPE.test(symbols)) return null;
  return createHmac("sha256", keys.recoveryCode).update(`${userId}:${symbols}`).digest("hex");
}

/**
 * Makes the account's recovery codes anew (the old ones stop working) and answers them: the only time
 * they are seen. Call it in the db transaction of what made them (two-factor on, a regeneration).
 */
export async function issueRecoveryCodes(
  db: Db,
  { keys, userId, now }: { keys: Pick<AuthKeys, "recoveryCode">; userId: string; now: Date },
): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  const shown = [...codes];
  const codeMacs = shown.map((code) => recoveryCodeMac(keys, userId, code) as string);
  await replaceUserRecoveryCodes(db, { userId, codeMacs, now });
  return shown;
}

/** Uses one of the account's codes up (see useRecoveryCode); false for a wrong, used or malformed one. */
export async function spendRecoveryCode(
  db: Db,
  {
    keys,
    userId,
    typed,
    now,
  }: { keys: Pick<AuthKeys, "recoveryCode">; userId: string; typed: string; now: Date },
): Promise<boolean> {
  const mac = recoveryCodeMac(keys, userId, typed);
  return mac !== null && useRecoveryCode(db, userId, mac, now);
}

export { countUnusedRecoveryCodes, deleteUserRecoveryCodes };
