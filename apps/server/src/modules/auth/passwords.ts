import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

// @node-rs/argon2's defaults are argon2id, 19 MiB, 2 passes, 1 lane: OWASP's recommended minimum.

/** An argon2id hash (PHC string) of the password, with a fresh salt. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** True when the password matches the hash; false (never an exception) for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, for an email that has no account: the answer and
 * its timing then say nothing about whether the account exists. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash(randomBytes(32).toString("base64url"));
  await verifyPassword(await dummyHash, password);
  return false;
}
