import type { OutputState } from "../../bitcoin/chain/chain-backend.js";
import type { SolvencyProblem } from "../../db/schema/index.js";

// The watchdog's rules, pure: what a coin is worth as the chain shows it, the problems a check finds (in
// words for staff, each with a code), and whether payouts pause. check-solvency.ts reads the figures.

/** Problems of one kind listed one by one, at most; the rest are counted in one more. */
export const LISTED_PROBLEMS = 10;

const sat = (amount: bigint) => `${amount.toLocaleString("en-US")} sat`;

/** A hot-wallet coin the books count as the bank's (available, or locked by a payout). */
export type BankCoin = {
  txid: string;
  vout: number;
  valueSats: bigint;
  status: string;
  /** The payout spending it (locked coins). */
  spentBy: string | null;
};

/** What a coin adds to the reserves (the chain's figure), and what is wrong with it if anything. */
export type CoinVerdict = { backedSats: bigint; problem: SolvencyProblem | null };

/**
 * A coin against the chain backend's answer. An unspent, confirmed output counts its value as the chain
 * says; a coin locked by a payout counts while the backend knows that payout (it spends the coin, and the
 * payout's own outputs pay the withdrawals it clears), else it must still be unspent. A coin back in the
 * mempool, spent by a transaction the bank did not make, or not on the chain counts nothing.
 */
export function coinVerdict(coin: BankCoin, state: OutputState, payoutKnown: boolean): CoinVerdict {
  const name = `The hot wallet's coin ${coin.txid}:${coin.vout} (${sat(coin.valueSats)})`;
  if (coin.status === "locked" && payoutKnown) return { backedSats: coin.valueSats, problem: null };
  switch (state.state) {
    case "unspent":
      if (state.confirmations < 1) {
        return {
          backedSats: 0n,
          problem: {
            code: "coin_unconfirmed",
            message: `${name} is in no block: it counts once it confirms.`,
          },
        };
      }
      if (state.valueSats !== coin.valueSats) {
        return {
          backedSats: state.valueSats,
          problem: {
            code: "coin_value_mismatch",
            message: `${name} holds ${sat(state.valueSats)} on the chain.`,
          },
        };
      }
      return { backedSats: state.valueSats, problem: null };
    case "spent":
      return {
        backedSats: 0n,
        problem: {
          code: "coin_spent",
          message: `${name} was spent by a transaction the bank did not make${state.spentBy === null ? "" : ` (${state.spentBy})`}.`,
        },
      };
    case "unknown":
      return { backedSats: 0n, problem: { code: "coin_missing", message: `${name} is not on the chain.` } };
  }
}

/** A credited deposit a reorganisation took out of the chain, neither back nor resolved. */
export type OpenReorganisedDeposit = {
  txid: string;
  vout: number;
  valueSats: bigint;
  heldSats: bigint | null;
  address: string;
};

/** What one check measured: the ledger's figures and the reserves the chain shows. */
export type SolvencyFigures = {
  /** Every balance summed (0 in double-entry books). */
  totalSats: bigint;
  negativeCustomerAccounts: number;
  /** Accounts whose balance differs from their transfers; null when this check did not read them. */
  mismatchedAccounts: number | null;
  liabilitiesSats: bigint;
  /** The hot wallet's bitcoin as the ledger counts it. */
  ledgerHotSats: bigint;
  /** Its coins as the chain shows them, and what is wrong with each. */
  hotSats: bigint;
  coinProblems: readonly SolvencyProblem[];
  vaultSats: bigint;
  vaultProblems: readonly SolvencyProblem[];
  reorganised: readonly OpenReorganisedDeposit[];
  /** The newest complete reserves proof of an epoch (null: none yet), and what it was made against. */
  proofReserves?: { epoch: number; status: string; total: bigint; liabilities: bigint } | null;
};

/** At most LISTED_PROBLEMS of `problems`, and one more that counts the rest. */
function listed(problems: readonly SolvencyProblem[], code: string, what: string): SolvencyProblem[] {
  if (problems.length <= LISTED_PROBLEMS) return [...problems];
  const more = problems.length - LISTED_PROBLEMS;
  return [...problems.slice(0, LISTED_PROBLEMS), { code, message: `And ${more} more ${what}.` }];
}

/**
 * Every problem a check found, in a stable order (code, then words), worded without the figures that
 * move with ordinary business (balances, fees), so that the same problems read the same at the next
 * pass: a staff resume holds until the problems change.
 */
export function solvencyProblems(figures: SolvencyFigures): SolvencyProblem[] {
  const problems: SolvencyProblem[] = [];
  if (figures.totalSats !== 0n) {
    problems.push({
      code: "books_unbalanced",
      message: `The ledger's accounts do not sum to zero (off by ${sat(figures.totalSats)}).`,
    });
  }
  if (figures.negativeCustomerAccounts > 0) {
    problems.push({
      code: "negative_balance",
      message: `${figures.negativeCustomerAccounts} customer accounts are below zero.`,
    });
  }
  if (figures.mismatchedAccounts !== null && figures.mismatchedAccounts > 0) {
    problems.push({
      code: "balance_mismatch",
      message: `${figures.mismatchedAccounts} ledger accounts differ from the sum of their transfers.`,
    });
  }
  if (figures.ledgerHotSats !== figures.hotSats) {
    const gap = figures.ledgerHotSats - figures.hotSats;
    problems.push({
      code: "hot_wallet_mismatch",
      message: `The hot wallet's ledger account ${gap > 0n ? "exceeds" : "falls short of"} its coins on the chain by ${sat(gap < 0n ? -gap : gap)}.`,
    });
  }
  if (figures.hotSats + figures.vaultSats < figures.liabilitiesSats) {
    problems.push({
      code: "reserves_short",
      message: "The coins on the chain (hot wallet and vault) are fewer than the bank owes its customers.",
    });
  }
  const proof = figures.proofReserves;
  if (proof?.status === "failing") {
    problems.push({
      code: "proof_reserves_failing",
      message: `Epoch ${proof.epoch}'s published reserves proof shows ${sat(proof.total)} on the chain against ${sat(proof.liabilities)} owed to customers.`,
    });
  }
  problems.push(...listed(figures.coinProblems, "coins_more", "coins with a problem"));
  problems.push(...figures.vaultProblems);
  const deposits = figures.reorganised.map((deposit) => ({
    code: "deposit_reorganised",
    message: `The deposit ${deposit.txid}:${deposit.vout} of ${sat(deposit.valueSats)} to ${deposit.address} left the chain after it was credited (${sat(deposit.heldSats ?? 0n)} held): it waits to confirm again, or for staff to resolve it on the Books tab.`,
  }));
  problems.push(...listed(deposits, "deposits_more", "reorganised deposits"));
  return problems.sort((a, b) => a.code.localeCompare(b.code) || a.message.localeCompare(b.message));
}

/** The same problems, in the same (stable) order. */
export function sameProblems(a: readonly SolvencyProblem[] | null, b: readonly SolvencyProblem[]): boolean {
  return (
    a !== null &&
    a.length === b.length &&
    a.every((problem, i) => problem.code === b[i]?.code && problem.message === b[i]?.message)
  );
}

/** The pause as the last check left it. */
export type PauseState = { pausedSince: Date | null; resumedProblems: SolvencyProblem[] | null };

/** The pause after a check, whether staff's resume still holds, and whether the check starts a pause. */
export type NextPause = { pausedSince: Date | null; keepResume: boolean; alert: boolean };

/**
 * Payouts pause while the last check failed, unless staff resumed them by hand while these same problems
 * stood: then they run until a check finds other problems. When the checks hold again they run by
 * themselves (and staff's resume is spent). Staff are alerted when a pause starts, not at every pass.
 */
export function nextPause(
  previous: PauseState | undefined,
  problems: readonly SolvencyProblem[],
  at: Date,
): NextPause {
  if (problems.length === 0) return { pausedSince: null, keepResume: false, alert: false };
  if (sameProblems(previous?.resumedProblems ?? null, problems)) {
    return { pausedSince: null, keepResume: true, alert: false };
  }
  const pausedSince = previous?.pausedSince ?? null;
  return { pausedSince: pausedSince ?? at, keepResume: false, alert: pausedSince === null };
}
