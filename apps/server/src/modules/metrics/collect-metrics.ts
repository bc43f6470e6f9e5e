import type { ChainBackend } from "../../bitcoin/chain/chain-backend.js";
import type { Db } from "../../db/client.js";
import type { MetricFamily, Sample } from "../../domain/prometheus.js";
import { ledgerActivity } from "../../ledger/activity.js";
import { askTip, findLastBlock } from "../chain/index.js";
import { findSolvencyState } from "../solvency/index.js";
import { pendingWithdrawalTotals } from "../withdrawals/index.js";

/** The database and the chain backend are asked with this deadline: a scrape never hangs on them. */
export const SCRAPE_TIMEOUT_MS = 2_000;

export type MetricsContext = { db: Db; chain: ChainBackend; timeoutMs?: number };

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

const family = (
  name: string,
  type: MetricFamily["type"],
  help: string,
  samples: readonly Sample[],
): MetricFamily => ({ name, type, help, samples });

/**
 * The bank's figures, read from the database at each scrape, so every process reports the same ones
 * whichever process made them (the worker has no HTTP server): the ledger's postings, the chain
 * follower's height against the backend's tip, the withdrawals waiting. When the database does not
 * answer in time, only satsbank_database_up 0 is reported of them.
 */
export async function collectBankMetrics({ ctx }: { ctx: MetricsContext }): Promise<MetricFamily[]> {
  const timeoutMs = ctx.timeoutMs ?? SCRAPE_TIMEOUT_MS;
  const tip = askTip(ctx.chain, timeoutMs);
  let figures: Awaited<ReturnType<typeof readFigures>>;
  try {
    figures = await withDeadline(readFigures(ctx.db), timeoutMs);
  } catch {
    await tip;
    return [
      family("satsbank_database_up", "gauge", "1 when the database answered this scrape.", [{ value: 0 }]),
    ];
  }
  const { ledger, lastBlock, withdrawals, solvency } = figures;
  const chainTip = await tip;
  const height = lastBlock?.height ?? null;
  return [
    family("satsbank_database_up", "gauge", "1 when the database answered this scrape.", [{ value: 1 }]),
    family("satsbank_ledger_postings_total", "counter", "Ledger postings made (all processes).", [
      { value: ledger.postings },
    ]),
    family(
      "satsbank_ledger_transfers_total",
      "counter",
      "Ledger transfers (the legs of postings), by kind.",
      ledger.transfers.map((row) => ({ labels: { kind: row.kind }, value: row.transfers })),
    ),
    family(
      "satsbank_ledger_transferred_sats_total",
      "counter",
      "Satoshis moved by ledger transfers, by kind.",
      ledger.transfers.map((row) => ({ labels: { kind: row.kind }, value: row.sats })),
    ),
    family(
      "satsbank_ledger_balance_sats",
      "gauge",
      "Ledger balances summed by account kind, in satoshis (credits minus debits).",
      ledger.balances.map((row) => ({ labels: { account_kind: row.kind }, value: row.sats })),
    ),
    family(
      "satsbank_chain_follower_height",
      "gauge",
      "Height of the last block the chain follower processed (absent before the first).",
      height === null ? [] : [{ value: height }],
    ),
    family(
      "satsbank_chain_follower_processed_timestamp_seconds",
      "gauge",
      "When the chain follower processed its last block, since the Unix epoch.",
      lastBlock === undefined ? [] : [{ value: lastBlock.processedAt.getTime() / 1000 }],
    ),
    family("satsbank_chain_backend_up", "gauge", "1 when the chain backend answered its tip this scrape.", [
      { value: chainTip.available ? 1 : 0 },
    ]),
    family(
      "satsbank_chain_tip_height",
      "gauge",
      "Height of the chain backend's best block.",
      chainTip.available ? [{ value: chainTip.height }] : [],
    ),
    family(
      "satsbank_chain_lag_blocks",
      "gauge",
      "Blocks the chain follower is behind the backend's tip.",
      chainTip.available && height !== null ? [{ value: chainTip.height - height }] : [],
    ),
    family(
      "satsbank_withdrawals_pending",
      "gauge",
      "Withdrawals not yet completed: queued (waiting for a payout) or sent (waiting for confirmations).",
      (["queued", "sent"] as const).map((status) => ({
        labels: { status },
        value: withdrawals[status].count,
      })),
    ),
    family(
      "satsbank_withdrawals_pending_sats",
      "gauge",
      "The amounts of those withdrawals, in satoshis.",
      (["queued", "sent"] as const).map((status) => ({
        labels: { status },
        value: withdrawals[status].sumSats,
      })),
    ),
    ...solvencyFamilies(solvency),
  ];
}

/** The watchdog's last check (none before the first: absent, but for the pause, 0). */
function solvencyFamilies(state: Awaited<ReturnType<typeof findSolvencyState>>): MetricFamily[] {
  const checked = state !== undefined;
  return [
    family(
      "satsbank_solvency_ok",
      "gauge",
      "1 when the solvency watchdog's last check found no problem, 0 when it found some.",
      checked ? [{ value: state.ok ? 1 : 0 }] : [],
    ),
    family("satsbank_payouts_paused", "gauge", "1 while the solvency watchdog pauses payouts.", [
      { value: state?.pausedSince ? 1 : 0 },
    ]),
    family(
      "satsbank_reserves_sats",
      "gauge",
      "Reserves at the watchdog's last check: coins the chain backend shows, by wallet, in satoshis.",
      checked
        ? [
            { labels: { wallet: "hot" }, value: state.hotSats },
            { labels: { wallet: "vault" }, value: state.vaultSats },
          ]
        : [],
    ),
    family(
      "satsbank_liabilities_sats",
      "gauge",
      "What the bank owes at the watchdog's last check (customer balances, withdrawals on their way, deposits held).",
      checked ? [{ value: state.liabilitiesSats }] : [],
    ),
  ];
}

async function readFigures(db: Db) {
  const [ledger, lastBlock, withdrawals, solvency] = await Promise.all([
    ledgerActivity(db),
    findLastBlock(db),
    pendingWithdrawalTotals(db),
    findSolvencyState(db),
  ]);
  return { ledger, lastBlock, withdrawals, solvency };
}
