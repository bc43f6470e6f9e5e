import { z } from "zod";
import { satsSchema } from "./money.js";

// Proof of reserves (issue 23): what the bank publishes of each epoch, as docs/proof-of-reserves.md
// specifies it. Everything is raw data a verifier recomputes (packages/verify); the bank never answers "is
// it valid". Byte strings are lower-case hex; amounts, ids and 64-bit numbers decimal strings.

const hex = (bytes: number) => z.string().regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`));
const u64 = z.string().regex(/^(0|[1-9]\d{0,19})$/);

/** A node of the tree on the wire: its hash and the sum under it. */
export const proofNodeSchema = z.object({ hash: hex(32), sum: satsSchema });
export type ProofNode = z.infer<typeof proofNodeSchema>;

/** What the bank signs of an epoch (the fields of the root message, in its order). */
export const epochRootSchema = z.object({
  epoch: u64,
  rootHash: hex(32),
  total: satsSchema,
  leafCount: u64,
  ledgerPosition: u64,
  blockHeight: u64,
  blockHash: hex(32),
  /** Seconds since 1970-01-01 UTC. */
  time: u64,
});
export type EpochRootJson = z.infer<typeof epochRootSchema>;

/**
 * Where an epoch's reserves proof stands: `awaiting_signatures` (the hot wallet's coins are signed; the
 * vault's key holders have not yet both signed), `covered` (complete, and its coins sum to the liabilities
 * or more), `failing` (complete, and they sum to less: the solvency watchdog raises it).
 */
export const reservesStatuses = ["awaiting_signatures", "covered", "failing"] as const;
export type ReservesStatus = (typeof reservesStatuses)[number];

/** One epoch in the list: when, at which block, what the bank owed. */
export const epochSummarySchema = z.object({
  epoch: z.number().int().positive(),
  builtAt: z.iso.datetime(),
  blockHeight: z.number().int().nonnegative(),
  total: satsSchema,
  leafCount: z.number().int().nonnegative(),
  /** Where its reserves proof stands; null when the epoch has none. */
  reserves: z.enum(reservesStatuses).nullable(),
});
export type EpochSummary = z.infer<typeof epochSummarySchema>;

/** `GET /api/proof` (public): the epochs, newest first. */
export const epochListSchema = z.object({ epochs: z.array(epochSummarySchema) });
export type EpochList = z.infer<typeof epochListSchema>;

/**
 * An epoch's reserves proof (BIP-127): a transaction that can never be broadcast, whose input 0 spends the
 * commitment SHA256("Proof-of-Reserves: " + message) and whose other inputs are every confirmed coin of the
 * hot wallet and the vault at the epoch's block, each signed (SIGHASH_ALL), with one output paying their sum
 * back to the bank. docs/proof-of-reserves.md gives the byte layout.
 */
export const reservesProofSchema = z.object({
  status: z.enum(reservesStatuses),
  /** `<bank name> epoch <n> liabilities root <root hash hex>`: what input 0 commits to. */
  message: z.string(),
  /** The block at which every coin was unspent: the epoch's block. */
  blockHeight: u64,
  blockHash: hex(32),
  /** The sum of the coins, as the chain showed them when the proof was made. */
  total: satsSchema,
  coinCount: z.number().int().nonnegative(),
  /** The PSBT (BIP-174), base64: the commitment input, the coins with their signatures, the one output. */
  psbt: z.string(),
});
export type ReservesProof = z.infer<typeof reservesProofSchema>;

/** `GET /api/proof/:epoch` (public): the signed root, the bank's key, the tree's depth. */
export const epochProofSchema = z.object({
  bank: z.object({
    name: z.string(),
    /** The BIP-340 public key (x-only) that signs every epoch's root. */
    publicKey: hex(32),
    /** Where it sits under the wallet's seed (documented): m/7731'/0'. */
    keyPath: z.string(),
  }),
  root: epochRootSchema,
  /** BIP-340 Schnorr signature of the root message. */
  signature: hex(64),
  /** Levels between a leaf and the root: every customer's path has this many siblings. */
  depth: z.number().int().nonnegative(),
  /** The reserves proof, or null for an epoch made before the bank published one. */
  reserves: reservesProofSchema.nullable(),
});
export type EpochProof = z.infer<typeof epochProofSchema>;

/** `GET /api/proof/:epoch/me` (signed in): the customer's own leaf and their path to the root. */
export const myLeafSchema = z.object({
  epoch: u64,
  /** The leaf's position among the tree's leaves (0 is the leftmost): its path's left and right. */
  index: z.number().int().nonnegative(),
  salt: hex(32),
  accountId: u64,
  balance: satsSchema,
  /** The siblings from the leaves' level up to the root's children. */
  path: z.array(proofNodeSchema),
});
export type MyLeaf = z.infer<typeof myLeafSchema>;

/**
 * `GET /api/transactions/:id/receipt` (signed in, the customer's own): one transaction as the ledger posted
 * it, signed with the bank's proof key (docs/proof-of-reserves.md, "Receipts"). `satsbank-verify receipt`
 * checks it; against a later epoch's leaf it is the customer's evidence of their balance.
 */
export const receiptSchema = z.object({
  format: z.literal("satsbank-receipt/1"),
  bank: z.object({ name: z.string(), publicKey: hex(32), keyPath: z.string() }),
  receipt: z.object({
    /** The history row's id (a UUID). */
    transactionId: z.uuid(),
    /** The customer's ledger account: the leaf of every epoch names the same id. */
    accountId: u64,
    type: z.string(),
    /** Signed: negative when it left the account. */
    amount: z.string().regex(/^-?(0|[1-9]\d{0,19})$/),
    fee: satsSchema,
    balanceAfter: satsSchema,
    /** Seconds since 1970-01-01 UTC. */
    time: u64,
    /** The ledger transfer that posted it: comparable with an epoch's ledger position. */
    ledgerPosition: u64,
  }),
  /** BIP-340 Schnorr signature of the receipt message. */
  signature: hex(64),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** `POST /api/admin/proof/epochs/:epoch/reserves/signatures`: what a key holder's upload did. */
export const reservesSignaturesResponseSchema = z.object({
  status: z.enum(reservesStatuses),
  added: z.array(z.object({ input: z.number().int().nonnegative(), key: z.number().int().min(1).max(3) })),
  ignored: z.array(z.object({ input: z.number().int().nonnegative(), reason: z.string() })),
});
export type ReservesSignaturesResponse = z.infer<typeof reservesSignaturesResponseSchema>;
