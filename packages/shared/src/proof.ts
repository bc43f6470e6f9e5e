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

/** One epoch in the list: when, at which block, what the bank owed. */
export const epochSummarySchema = z.object({
  epoch: z.number().int().positive(),
  builtAt: z.iso.datetime(),
  blockHeight: z.number().int().nonnegative(),
  total: satsSchema,
  leafCount: z.number().int().nonnegative(),
});
export type EpochSummary = z.infer<typeof epochSummarySchema>;

/** `GET /api/proof` (public): the epochs, newest first. */
export const epochListSchema = z.object({ epochs: z.array(epochSummarySchema) });
export type EpochList = z.infer<typeof epochListSchema>;

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
