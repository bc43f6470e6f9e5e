import { isValidUsername, recipientIsAddress } from "@satsbank/shared";

/** What an address check says about a text: an address of this bank's network, of another, or neither. */
export type AddressCheck = "this-network" | "other-network" | "not-an-address";

/** What the person typed in the recipient field, before anyone is looked up. */
export type RecipientInput =
  | { kind: "username"; username: string }
  | { kind: "address"; address: string }
  | { kind: "other-network-address" }
  /** Meant as an address (too long for a username, or written like one) but not a valid one. */
  | { kind: "invalid-address" }
  | { kind: "invalid" };

/**
 * Bech32 addresses may be written all in capitals (QR codes do); the canonical form is lower case. Mixed
 * case is no address at all (BIP-173: a decoder must not accept a string with both upper- and lower-case
 * letters): it stays as typed, and the address check refuses it as it refuses a bad checksum.
 */
export function canonicalAddress(text: string): string {
  return /^(bc|tb|bcrt)1/i.test(text) && text === text.toUpperCase() ? text.toLowerCase() : text;
}

/**
 * Reads the recipient field: an address (checked by `checkAddress`, which knows the networks) or a
 * username (case-insensitive). The two never overlap: usernames are at most 20 characters and never start
 * like an address.
 */
export function parseRecipient(text: string, checkAddress: (text: string) => AddressCheck): RecipientInput {
  const trimmed = text.trim();
  const address = canonicalAddress(trimmed);
  switch (checkAddress(address)) {
    case "this-network":
      return { kind: "address", address };
    case "other-network":
      return { kind: "other-network-address" };
    case "not-an-address": {
      const username = trimmed.toLowerCase();
      if (isValidUsername(username)) return { kind: "username", username };
      return recipientIsAddress(trimmed) ? { kind: "invalid-address" } : { kind: "invalid" };
    }
  }
}

/**
 * The recipient as a send understands it, for the request hash: " ALICE" and "alice" name one customer,
 * so a retry typed either way is the same send. Text that names no one stays as typed (trimmed).
 */
export function normalisedRecipient(input: RecipientInput, text: string): string {
  switch (input.kind) {
    case "username":
      return input.username;
    case "address":
      return input.address;
    default:
      return text.trim();
  }
}
