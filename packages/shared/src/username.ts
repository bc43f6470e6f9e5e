import { z } from "zod";

export const USERNAME_MIN_LENGTH = 3;
/** Shorter than the shortest Bitcoin address (26 characters), so a username never reads as one. */
export const USERNAME_MAX_LENGTH = 20;
/** How Bitcoin bech32 addresses begin (mainnet, testnet and signet, regtest): no username may. */
export const BITCOIN_ADDRESS_PREFIXES = ["bc1", "tb1", "bcrt1"] as const;

export const usernameMessages = {
  required: "Username is required",
  tooShort: `Username must be at least ${USERNAME_MIN_LENGTH} characters`,
  tooLong: `Username must be at most ${USERNAME_MAX_LENGTH} characters`,
  format: "Use lower-case letters and digits, starting with a letter",
  addressLike: "A username may not look like a Bitcoin address",
} as const;

/**
 * A customer's public handle: what others type to send them Bitcoin. Lower-case ASCII letters and digits,
 * starting with a letter, 3 to 20 characters, never starting like a Bitcoin address.
 */
export const usernameSchema = z
  .string()
  .trim()
  .min(1, { error: usernameMessages.required, abort: true })
  .min(USERNAME_MIN_LENGTH, { error: usernameMessages.tooShort, abort: true })
  .max(USERNAME_MAX_LENGTH, { error: usernameMessages.tooLong, abort: true })
  .regex(/^[a-z][a-z0-9]*$/, { error: usernameMessages.format, abort: true })
  .refine((value) => !BITCOIN_ADDRESS_PREFIXES.some((prefix) => value.startsWith(prefix)), {
    error: usernameMessages.addressLike,
  });
export type Username = z.infer<typeof usernameSchema>;

/** True when `value` is a valid username exactly as given (no trimming). */
export function isValidUsername(value: string): boolean {
  return value === value.trim() && usernameSchema.safeParse(value).success;
}
