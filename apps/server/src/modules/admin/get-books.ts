import type { Books } from "@satsbank/shared";
import type { Clock } from "../../adapters/clock.js";
import type { ChainBackend } from "../../bitcoin/chain/chain-backend.js";
import type { Db } from "../../db/client.js";
import {
  askTip,
  checkBooks,
  findLastBlock,
  findReorgedDeposits,
  sumUtxos,
  TIP_TIMEOUT_MS,
} from "../chain/index.js";
import { findSolvencyState, toReorgedDeposit, toSolvency } from "../solvency/index.js";
import { listRecentSweeps, reconcileColdVault } from "../vault/index.js";
import { pendingWithdrawalTotals } from "../withdrawals/index.js";

const REORGED_LISTED = 50;
const SWEEPS_LISTED = 20;

export type BooksContext = { db: Db; clock: Clock; chain: ChainBackend; tipTimeoutMs?: number };

/**
 * The Books tab: the ledger's invariants (zero sum, no negative customer, every balance = its transfers),
 * the hot wallet's and the cold vault's ledger against their coins, the sweeps to the vault, reserves against liabilities as the ledger counts them and
 * as the solvency watchdog last saw them on the chain (hot, vault, total; the pause), the withdrawals not
 * yet paid out, the deposits a reorganisation flagged (held, resolved), and the follower's height against
 * the backend's tip.
 */
export async function getBooks({ ctx }: { ctx: BooksContext }): Promise<Books> {
  const checkedAt = ctx.clock.now();
  const [books, coldVault, sweeps, coins, withdrawals, reorged, lastBlock, tip, watchdog] = await Promise.all(
    [
      checkBooks(ctx.db),
      reconcileColdVault(ctx.db),
      listRecentSweeps(ctx.db, SWEEPS_LISTED),
      sumUtxos(ctx.db),
      pendingWithdrawalTotals(ctx.db),
      findReorgedDeposits(ctx.db, REORGED_LISTED),
      findLastBlock(ctx.db),
      askTip(ctx.chain, ctx.tipTimeoutMs ?? TIP_TIMEOUT_MS),
      findSolvencyState(ctx.db),
    ],
  );
  const solvency = await toSolvency(ctx.db, watchdog);
  const { ledger, hotWallet } = books;
  const follower =
    lastBlock === undefined
      ? null
      : { height: lastBlock.height, hash: lastBlock.hash, processedAt: lastBlock.processedAt.toISOString() };
  return {
    checkedAt: checkedAt.toISOString(),
    ok: books.ok && coldVault.matches && (watchdog === undefined || watchdog.ok),
    ledger: {
      booksBalanced: ledger.booksBalanced,
      totalSats: ledger.totalSats.toString(),
      negativeCustomerAccounts: ledger.negativeCustomerAccounts,
      mismatchedAccounts: ledger.mismatchedAccounts,
    },
    hotWallet: {
      ledgerSats: hotWallet.ledgerSats.toString(),
      coinsSats: hotWallet.utxoSats.toString(),
      matches: hotWallet.matches,
      coins: {
        availableSats: coins.available.toString(),
        lockedSats: coins.locked.toString(),
        missingSats: coins.missing.toString(),
      },
    },
    coldVault: {
      ledgerSats: coldVault.ledgerSats.toString(),
      coinsSats: coldVault.coinsSats.toString(),
      matches: coldVault.matches,
    },
    reserves: {
      reservesSats: ledger.reservesSats.toString(),
      liabilitiesSats: ledger.liabilitiesSats.toString(),
      covered: ledger.reservesCoverLiabilities,
    },
    solvency,
    sweeps,
    pendingWithdrawals: {
      queued: { count: withdrawals.queued.count, sumSats: withdrawals.queued.sumSats.toString() },
      sent: { count: withdrawals.sent.count, sumSats: withdrawals.sent.sumSats.toString() },
    },
    reorgedDeposits: {
      count: reorged.count,
      sumSats: reorged.sumSats.toString(),
      items: reorged.rows.map(({ deposit, customer }) => toReorgedDeposit(deposit, customer, checkedAt)),
    },
    chain: {
      backend: ctx.chain.name,
      follower,
      tip,
      lagBlocks: tip.available && follower !== null ? tip.height - follower.height : null,
    },
  };
}
