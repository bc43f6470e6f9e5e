import { z } from "zod";
import { satsSchema } from "../money.js";
import { personSchema, staffReasonSchema } from "./common.js";

// The Vault tab (issue 19): the cold vault (a 2-of-3 multisig whose keys the server never holds), its coins,
// the hot wallet against its max and target, the sweeps (hot to cold, automatic) and the refills (cold to
// hot: a PSBT staff start, two key holders sign offline, staff upload, the server checks and broadcasts).

/** Where a refill stands. */
export const vaultRefillStatusSchema = z.enum([
  "awaiting_signatures",
  "broadcast",
  "confirmed",
  "cancelled",
  "failed",
]);
export type VaultRefillStatus = z.infer<typeof vaultRefillStatusSchema>;

export const vaultRefillStatusLabels = {
  awaiting_signatures: "Waiting for signatures",
  broadcast: "Broadcast",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  failed: "Failed",
} as const satisfies Record<VaultRefillStatus, string>;

/** Signatures a vault coin needs: two of the three key holders'. */
export const VAULT_SIGNATURES_NEEDED = 2;

/** One vault coin a refill spends, and which of the vault's keys (1 to 3, as the descriptor lists them) signed it. */
export const vaultRefillInputSchema = z.object({
  txid: z.string(),
  vout: z.number().int().nonnegative(),
  valueSats: satsSchema,
  signedBy: z.array(z.number().int().min(1).max(3)),
});
export type VaultRefillInput = z.infer<typeof vaultRefillInputSchema>;

/** A refill as the Vault tab shows it. */
export const vaultRefillSchema = z.object({
  id: z.uuid(),
  status: vaultRefillStatusSchema,
  /** What reaches the hot wallet. */
  amountSats: satsSchema,
  minerFeeSats: satsSchema,
  reason: z.string(),
  /** Fixed when the PSBT is made (P2WSH inputs: signatures are witness data). */
  txid: z.string(),
  hotAddress: z.string(),
  /** The vault's change, if any. */
  change: z.object({ address: z.string(), sats: satsSchema }).nullable(),
  inputs: z.array(vaultRefillInputSchema),
  /** Every input has two valid signatures by different vault keys. */
  complete: z.boolean(),
  createdBy: personSchema,
  createdAt: z.iso.datetime(),
  broadcastAt: z.iso.datetime().nullable(),
  confirmedAt: z.iso.datetime().nullable(),
  blockHeight: z.number().int().nonnegative().nullable(),
  /** Why the network refused it for good (failed). */
  failure: z.string().nullable(),
  /** `GET`: the PSBT to sign (binary .psbt; `?format=base64` for text), with every signature so far. */
  psbtUrl: z.string(),
});
export type VaultRefill = z.infer<typeof vaultRefillSchema>;

/** A sweep: the hot wallet's excess moved to the vault, signed by the hot key (automatic). */
export const vaultSweepSchema = z.object({
  txid: z.string(),
  status: z.enum(["signed", "broadcast", "confirmed", "failed"]),
  /** What the vault receives. */
  amountSats: satsSchema,
  minerFeeSats: satsSchema,
  address: z.string().nullable(),
  createdAt: z.iso.datetime(),
  confirmedAt: z.iso.datetime().nullable(),
  blockHeight: z.number().int().nonnegative().nullable(),
});
export type VaultSweep = z.infer<typeof vaultSweepSchema>;

/** One of the vault's three keys, as the descriptor names it (public). */
export const vaultKeySchema = z.object({
  number: z.number().int().min(1).max(3),
  /** The master key's fingerprint (8 hex digits) and the path to the key, as signers show them. */
  fingerprint: z.string(),
  path: z.string(),
  xpub: z.string(),
});

/** `GET /api/admin/vault`: the Vault tab. */
export const vaultOverviewSchema = z.discriminatedUnion("configured", [
  z.object({ configured: z.literal(false) }),
  z.object({
    configured: z.literal(true),
    /** The output descriptor (public keys only), checksum included. */
    descriptor: z.string(),
    keys: z.array(vaultKeySchema),
    /** The vault's coins: free for a refill, taken by a refill, on their way in (a sweep). */
    vault: z.object({
      availableSats: satsSchema,
      lockedSats: satsSchema,
      incomingSats: satsSchema,
      coins: z.number().int().nonnegative(),
    }),
    /** The hot wallet's confirmed coins against HOT_WALLET_MAX_SATS and HOT_WALLET_TARGET_SATS. */
    hotWallet: z.object({
      availableSats: satsSchema,
      lockedSats: satsSchema,
      maxSats: satsSchema,
      targetSats: satsSchema,
      /** What a refill would bring the hot wallet up to its target with ("0" at or above it). */
      suggestedRefillSats: satsSchema,
    }),
    /** Newest first (the last 20). */
    refills: z.array(vaultRefillSchema),
    /** Newest first (the last 20). */
    sweeps: z.array(vaultSweepSchema),
  }),
]);
export type VaultOverview = z.infer<typeof vaultOverviewSchema>;

/** `POST /api/admin/vault/refills`: staff start a refill (audited). */
export const startRefillBodySchema = z.object({ amountSats: satsSchema, reason: staffReasonSchema }).strict();
export type StartRefillBody = z.infer<typeof startRefillBodySchema>;

/**
 * `POST /api/admin/vault/refills/:refillId/signatures`: a PSBT a key holder signed, as base64 text (what
 * Sparrow, Bitcoin Core and `npm run vault -- sign` write; hex is read too). A binary .psbt file is sent
 * as its base64.
 */
export const refillSignaturesBodySchema = z
  .object({ psbt: z.string().trim().min(1, { error: "A PSBT is required" }).max(1_000_000) })
  .strict();
export type RefillSignaturesBody = z.infer<typeof refillSignaturesBodySchema>;

/** `POST /api/admin/vault/refills/:refillId/cancel`: before it is broadcast; its coins are free again. */
export const cancelRefillBodySchema = z.object({ reason: staffReasonSchema }).strict();
export type CancelRefillBody = z.infer<typeof cancelRefillBodySchema>;

export const vaultRefillResponseSchema = z.object({ refill: vaultRefillSchema });
export type VaultRefillResponse = z.infer<typeof vaultRefillResponseSchema>;

/** What an upload did: the signatures it added, those it did not count and why, and the broadcast. */
export const refillSignaturesResponseSchema = z.object({
  refill: vaultRefillSchema,
  added: z.array(z.object({ input: z.number().int().nonnegative(), key: z.number().int().min(1).max(3) })),
  /** Signatures in the upload that count for nothing (a key that is not the vault's, a bad signature). */
  ignored: z.array(z.object({ input: z.number().int().nonnegative(), reason: z.string() })),
  /**
   * Once every input has two valid signatures: the transaction was handed to the network (`broadcast`),
   * or the network could not take it yet and the worker sends it again (`waiting`), or refused it for
   * good (`failed`: its coins are free again); null while signatures are missing.
   */
  broadcast: z.enum(["broadcast", "waiting", "failed"]).nullable(),
});
export type RefillSignaturesResponse = z.infer<typeof refillSignaturesResponseSchema>;

export const vaultTexts = {
  notConfigured: "No cold vault is configured (COLD_VAULT_DESCRIPTOR).",
  refillNotFound: "This refill was not found.",
  belowDust: (minimumSats: string) => `A refill must bring at least ${minimumSats} sat to the hot wallet.`,
  notEnoughCoins: (availableSats: string) =>
    `The vault's available coins (${availableSats} sat) do not cover this amount and the miner fee.`,
  feeUnaffordable: (feeSats: string, surplusSats: string) =>
    `The bank's own money in its reserves (${surplusSats} sat beyond what it owes) cannot pay this refill's miner fee (${feeSats} sat): the coins would fall short of what the bank owes.`,
  notAwaiting: (status: string) =>
    `This refill is ${status}: it no longer takes signatures (a PSBT sent again is not accepted).`,
  notCancellable: (status: string) =>
    `This refill is ${status}: only a refill waiting for signatures can be cancelled.`,
  otherVault:
    "This refill was made for another vault descriptor than the one configured now: cancel it and start a new one.",
  notPsbt:
    "This is not a PSBT: upload the file your wallet wrote (base64 text, or a binary .psbt sent as base64).",
  otherTransaction:
    "This PSBT is not this refill's transaction (its txid differs): its inputs or outputs were changed, or it belongs to another refill. Download this refill's PSBT and sign that.",
  otherDescriptor: (input: number) =>
    `Input ${input} of this PSBT does not spend the vault's coin as this bank's descriptor derives it: the PSBT was made for another descriptor.`,
  noValidSignature:
    "This PSBT carries no valid signature by the vault's keys for this refill: a signature by a key that is not one of the vault's three never counts.",
} as const;
