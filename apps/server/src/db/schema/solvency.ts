import { sql } from "drizzle-orm";
import { bigint, boolean, check, jsonb, pgTable, smallint, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { timestamptz } from "./columns.js";

// Owned by the solvency module (the watchdog): the last check of the bank's books against the chain, and
// whether payouts are paused. One row: every process reads the same state, the worker writes it.

/** One problem a check found: a code for code, words for staff. */
export type SolvencyProblem = { code: string; message: string };

export const solvencyState = pgTable(
  "solvency_state",
  {
    id: smallint("id").primaryKey().default(1),
    checkedAt: timestamptz("checked_at").notNull(),
    /** Every check held. */
    ok: boolean("ok").notNull(),
    /** Customer balances plus withdrawals on their way. */
    liabilitiesSats: bigint("liabilities_sats", { mode: "bigint" }).notNull(),
    /** Confirmed coins the chain backend has, in the hot wallet (and in flight to the vault). */
    hotSats: bigint("hot_sats", { mode: "bigint" }).notNull(),
    /** Confirmed coins the chain backend has, in the cold vault. */
    vaultSats: bigint("vault_sats", { mode: "bigint" }).notNull(),
    problems: jsonb("problems").$type<SolvencyProblem[]>().notNull(),
    /** Payouts paused since then (a check failed); null while they run. */
    pausedSince: timestamptz("paused_since"),
    /**
     * Staff resumed payouts by hand while these problems stood (with a reason, audited): they stay running
     * until a check finds other problems.
     */
    resumedBy: uuid("resumed_by").references(() => users.id),
    resumedAt: timestamptz("resumed_at"),
    resumeReason: text("resume_reason"),
    resumedProblems: jsonb("resumed_problems").$type<SolvencyProblem[]>(),
  },
  (t) => [check("solvency_state_one_row", sql`${t.id} = 1`)],
);
