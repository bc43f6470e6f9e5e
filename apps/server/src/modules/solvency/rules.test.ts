import { describe, expect, it } from "vitest";
import {
  type BankCoin,
  coinVerdict,
  LISTED_PROBLEMS,
  nextPause,
  type SolvencyFigures,
  sameProblems,
  solvencyProblems,
} from "./rules.js";

const coin = (overrides: Partial<BankCoin> = {}): BankCoin => ({
  txid: "aa".repeat(32),
  vout: 1,
  valueSats: 50_000n,
  status: "available",
  spentBy: null,
  ...overrides,
});

const balanced: SolvencyFigures = {
  totalSats: 0n,
  negativeCustomerAccounts: 0,
  mismatchedAccounts: 0,
  liabilitiesSats: 90_000n,
  ledgerHotSats: 100_000n,
  hotSats: 100_000n,
  coinProblems: [],
  vaultSats: 0n,
  vaultProblems: [],
  reorganised: [],
};

describe("coinVerdict: a coin the books count, against the chain backend's answer", () => {
  it("counts a confirmed unspent output at the chain's value", () => {
    const unspent = { state: "unspent", valueSats: 50_000n, confirmations: 3 } as const;
    expect(coinVerdict(coin(), unspent, false)).toEqual({ backedSats: 50_000n, problem: null });
  });

  it("counts the chain's value, not the books', when they differ, and says so", () => {
    const verdict = coinVerdict(coin(), { state: "unspent", valueSats: 40_000n, confirmations: 1 }, false);
    expect(verdict.backedSats).toBe(40_000n);
    expect(verdict.problem).toMatchObject({ code: "coin_value_mismatch" });
    expect(verdict.problem?.message).toContain("40,000 sat on the chain");
  });

  it("counts nothing for an output back in the mempool, spent by someone else, or not on the chain", () => {
    const name = `${"aa".repeat(32)}:1 (50,000 sat)`;
    expect(coinVerdict(coin(), { state: "unspent", valueSats: 50_000n, confirmations: 0 }, false)).toEqual({
      backedSats: 0n,
      problem: {
        code: "coin_unconfirmed",
        message: `The hot wallet's coin ${name} is in no block: it counts once it confirms.`,
      },
    });
    expect(coinVerdict(coin(), { state: "spent", spentBy: "bb".repeat(32) }, false)).toEqual({
      backedSats: 0n,
      problem: {
        code: "coin_spent",
        message: `The hot wallet's coin ${name} was spent by a transaction the bank did not make (${"bb".repeat(32)}).`,
      },
    });
    expect(coinVerdict(coin(), { state: "unknown" }, false)).toEqual({
      backedSats: 0n,
      problem: { code: "coin_missing", message: `The hot wallet's coin ${name} is not on the chain.` },
    });
  });

  it("counts a coin locked by a payout the backend knows (it spends the coin), else as any coin", () => {
    const locked = coin({ status: "locked", spentBy: "cc".repeat(32) });
    expect(coinVerdict(locked, { state: "spent", spentBy: null }, true)).toEqual({
      backedSats: 50_000n,
      problem: null,
    });
    // Signed, not yet broadcast: still unspent.
    const unspent = { state: "unspent", valueSats: 50_000n, confirmations: 2 } as const;
    expect(coinVerdict(locked, unspent, false)).toEqual({ backedSats: 50_000n, problem: null });
    // The payout unknown and the coin gone: another transaction took it.
    expect(coinVerdict(locked, { state: "spent", spentBy: null }, false).problem?.code).toBe("coin_spent");
    // An available coin is never excused by a payout.
    expect(coinVerdict(coin(), { state: "unknown" }, true).problem?.code).toBe("coin_missing");
  });
});

describe("solvencyProblems", () => {
  it("finds none in books that balance, with reserves on the chain above liabilities", () => {
    expect(solvencyProblems(balanced)).toEqual([]);
    expect(solvencyProblems({ ...balanced, liabilitiesSats: 100_000n, mismatchedAccounts: null })).toEqual(
      [],
    );
  });

  it("names each broken invariant, sorted by code", () => {
    const problems = solvencyProblems({
      ...balanced,
      totalSats: -5n,
      negativeCustomerAccounts: 2,
      mismatchedAccounts: 1,
      hotSats: 60_000n,
      vaultSats: 10_000n,
      coinProblems: [
        { code: "coin_missing", message: "The hot wallet's coin x:0 (40,000 sat) is not on the chain." },
      ],
    });
    expect(problems.map((problem) => problem.code)).toEqual([
      "balance_mismatch",
      "books_unbalanced",
      "coin_missing",
      "hot_wallet_mismatch",
      "negative_balance",
      "reserves_short",
    ]);
    expect(problems.find((p) => p.code === "hot_wallet_mismatch")?.message).toBe(
      "The hot wallet's ledger account exceeds its coins on the chain by 40,000 sat.",
    );
    expect(problems.find((p) => p.code === "books_unbalanced")?.message).toContain("off by -5 sat");
  });

  it("words reserves_short without figures, so a deposit or a fee does not make it a new problem", () => {
    const short = { ...balanced, liabilitiesSats: 150_000n };
    const later = { ...short, liabilitiesSats: 250_000n, hotSats: 200_000n, ledgerHotSats: 200_000n };
    expect(sameProblems(solvencyProblems(short), solvencyProblems(later))).toBe(true);
  });

  it("lists a reorganised deposit with what is held, and lists at most LISTED_PROBLEMS of a kind", () => {
    const deposit = {
      txid: "dd".repeat(32),
      vout: 0,
      valueSats: 1_000_000n,
      heldSats: 1_000_000n,
      address: "bcrt1q",
    };
    const [problem] = solvencyProblems({ ...balanced, reorganised: [deposit] });
    expect(problem).toEqual({
      code: "deposit_reorganised",
      message: `The deposit ${"dd".repeat(32)}:0 of 1,000,000 sat to bcrt1q left the chain after it was credited (1,000,000 sat held): it waits to confirm again, or for staff to resolve it on the Books tab.`,
    });
    const many = Array.from({ length: LISTED_PROBLEMS + 3 }, (_, i) => ({
      code: "coin_missing",
      message: `coin ${String(i).padStart(2, "0")}`,
    }));
    const listed = solvencyProblems({ ...balanced, coinProblems: many });
    expect(listed.filter((p) => p.code === "coin_missing")).toHaveLength(LISTED_PROBLEMS);
    expect(listed.find((p) => p.code === "coins_more")?.message).toBe("And 3 more coins with a problem.");
  });
});

describe("nextPause", () => {
  const at = new Date("2030-01-01T00:00:00Z");
  const later = new Date("2030-01-01T00:05:00Z");
  const problems = [{ code: "reserves_short", message: "short" }];
  const others = [{ code: "coin_missing", message: "gone" }];

  it("pauses when a check starts failing, alerting once; stays paused since then without alerting", () => {
    expect(nextPause(undefined, problems, at)).toEqual({ pausedSince: at, keepResume: false, alert: true });
    const running = { pausedSince: null, resumedProblems: null };
    expect(nextPause(running, problems, at)).toEqual({ pausedSince: at, keepResume: false, alert: true });
    const paused = { pausedSince: at, resumedProblems: null };
    expect(nextPause(paused, others, later)).toEqual({ pausedSince: at, keepResume: false, alert: false });
  });

  it("runs again by itself when the checks hold, and staff's resume is spent", () => {
    const paused = { pausedSince: at, resumedProblems: problems };
    expect(nextPause(paused, [], later)).toEqual({ pausedSince: null, keepResume: false, alert: false });
  });

  it("keeps running after staff's resume while the same problems stand; other problems pause again", () => {
    const resumed = { pausedSince: null, resumedProblems: problems };
    expect(nextPause(resumed, [...problems], later)).toEqual({
      pausedSince: null,
      keepResume: true,
      alert: false,
    });
    expect(nextPause(resumed, others, later)).toEqual({ pausedSince: later, keepResume: false, alert: true });
    expect(nextPause(resumed, [...problems, ...others], later).alert).toBe(true);
  });
});
