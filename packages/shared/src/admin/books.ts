import { z } from "zod";
import { satsSchema } from "../money.js";
import { customerRefSchema } from "./common.js";
import { solvencySchema } from "./solvency.js";
import { vaultSweepSchema } from "./vault.js";

// Books: every invariant of the ledger, the hot wallet and the cold vault against their coins, the sweeps,
// and the chain follower.

const countAndSum = z.object({ count: z.number().int().nonnegative(), sumSats: satsSchema });

/**
 * A credited deposit whose block left the best chain: what the customer still had of it is held (deposit
 * suspense) until it confirms again or staff resolve it (reverse it against the customer, or absorb it).
 */
export const reorgedDepositSchema = z.object({
  txid: z.string(),
  vout: z.number().int().nonnegative(),
  address: z.string(),
  valueSats: satsSchema,
  customer: customerRefSchema,
  creditedAt: z.iso.datetime().nullable(),
  reorgedAt: z.iso.datetime(),
  /** The deposit is back in a block of the best chain. */
  inChainAgain: z.boolean(),
  /** What is held on the customer's account ("On hold"); null when nothing is (released or resolved). */
  heldSats: satsSchema.nullable(),
  /** How staff resolved it; null while it waits (reverse and absorb are offered then). */
  resolution: z.enum(["reversed", "absorbed"]).nullable(),
  resolvedAt: z.iso.datetime().nullable(),
});
export type ReorgedDeposit = z.infer<typeof reorgedDepositSchema>;

/** `POST /api/admin/books/deposits/:txid/:vout/reverse` or `/absorb`: the deposit as the books list it now. */
export const resolvedDepositSchema = z.object({ deposit: reorgedDepositSchema });
export type ResolvedDeposit = z.infer<typeof resolvedDepositSchema>;

/** `GET /api/admin/books`: every invariant of the books, and the chain follower against the backend. */
export const booksSchema = z.object({
  checkedAt: z.iso.datetime(),
  /** Every check below holds, the watchdog's last check included (once there is one). */
  ok: z.boolean(),
  ledger: z.object({
    /** The balances sum to zero (`totalSats` "0"). */
    booksBalanced: z.boolean(),
    /** Every balance summed: "0" in double-entry books; may be negative text when broken. */
    totalSats: z.string(),
    negativeCustomerAccounts: z.number().int().nonnegative(),
    /** Accounts whose balance is not the sum of their transfers. */
    mismatchedAccounts: z.number().int().nonnegative(),
  }),
  hotWallet: z.object({
    /** What the ledger says the hot wallet holds. */
    ledgerSats: z.string(),
    /** Its coins that are the bank's: available, locked by a payout, or missing (reorganised out). */
    coinsSats: z.string(),
    matches: z.boolean(),
    coins: z.object({ availableSats: satsSchema, lockedSats: satsSchema, missingSats: satsSchema }),
  }),
  /** The same invariant for the cold vault: its ledger account against its coins (none without a vault). */
  coldVault: z.object({
    /** What the ledger says the vault holds (negative text when the books are broken). */
    ledgerSats: z.string(),
    /** Its coins that are the bank's: available, locked by a refill, or out of the chain. */
    coinsSats: satsSchema,
    matches: z.boolean(),
  }),
  reserves: z.object({
    /** The hot wallet's and the vault's bitcoin as the ledger counts it. */
    reservesSats: z.string(),
    /** Customer balances, withdrawals not yet paid out and deposits held. */
    liabilitiesSats: z.string(),
    covered: z.boolean(),
  }),
  /**
   * The solvency watchdog's last check: reserves as coins on the chain (hot, vault, total) against
   * liabilities, its problems, and whether payouts are paused (see `GET /api/admin/solvency`).
   */
  solvency: solvencySchema,
  /** The hot wallet's excess moved to the vault (automatic, signed by the hot key), newest first (the last 20). */
  sweeps: z.array(vaultSweepSchema),
  /** Withdrawals waiting for a payout (queued) and in a payout not yet confirmed (sent). */
  pendingWithdrawals: z.object({ queued: countAndSum, sent: countAndSum }),
  /** Credited deposits flagged by a reorganisation (newest first, at most 50 listed). */
  reorgedDeposits: countAndSum.extend({ items: z.array(reorgedDepositSchema) }),
  chain: z.object({
    backend: z.enum(["bitcoind", "esplora"]),
    /** The last block the follower processed (null before the first). */
    follower: z
      .object({ height: z.number().int().nonnegative(), hash: z.string(), processedAt: z.iso.datetime() })
      .nullable(),
    /** The backend's best block, or why it could not be asked (not an error of this endpoint). */
    tip: z.discriminatedUnion("available", [
      z.object({ available: z.literal(true), height: z.number().int().nonnegative(), hash: z.string() }),
      z.object({ available: z.literal(false), reason: z.string() }),
    ]),
    /** Blocks the follower is behind the backend's tip; null when either is unknown. */
    lagBlocks: z.number().int().nullable(),
  }),
});
export type Books = z.infer<typeof booksSchema>;
