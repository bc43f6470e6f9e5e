import type { SolvencyProblem } from "../../db/schema/index.js";
import { checkLedgerInvariants, readLedgerPosition } from "../../ledger/invariants.js";
import { findBankCoins, findUnresolvedReorged } from "../chain/index.js";
import { findNewestCompleteReserves } from "../proof/index.js";
import type { SolvencyContext } from "./context.js";
import {
  type BankCoin,
  type CoinVerdict,
  coinVerdict,
  type SolvencyFigures,
  solvencyProblems,
} from "./rules.js";

/** One check of the books against the chain: its figures, and the problems found (none: ok). */
export type SolvencyCheck = {
  checkedAt: Date;
  ok: boolean;
  liabilitiesSats: bigint;
  hotSats: bigint;
  vaultSats: bigint;
  problems: SolvencyProblem[];
};

/**
 * The hot wallet's coins as the chain backend shows them (never as the books say): every coin the books
 * count as the bank's (available, or locked by a payout; a coin reorganised out is `missing` and counts
 * nothing) asked of the backend in one call, and the payouts of locked coins it no longer has unspent.
 */
async function hotReserves(
  ctx: SolvencyContext,
  coins: readonly BankCoin[],
): Promise<{ hotSats: bigint; problems: SolvencyProblem[] }> {
  const states = await ctx.chain.outputs(coins);
  const payouts = new Set<string>();
  coins.forEach((coin, i) => {
    if (coin.status === "locked" && coin.spentBy !== null && states[i]?.state !== "unspent") {
      payouts.add(coin.spentBy);
    }
  });
  const known = new Set<string>();
  for (const txid of payouts) if ((await ctx.chain.transactionStatus(txid)) !== null) known.add(txid);
  const verdicts: CoinVerdict[] = coins.map((coin, i) =>
    coinVerdict(coin, states[i] ?? { state: "unknown" }, coin.spentBy !== null && known.has(coin.spentBy)),
  );
  return {
    hotSats: verdicts.reduce((sum, verdict) => sum + verdict.backedSats, 0n),
    problems: verdicts.flatMap((verdict) => (verdict.problem === null ? [] : [verdict.problem])),
  };
}

/** The vault through its port; without one, nothing, and a problem if the ledger says otherwise. */
async function vaultReserves(ctx: SolvencyContext, ledgerVaultSats: bigint) {
  if (ctx.vaultReserves !== undefined) return ctx.vaultReserves(ctx.db);
  const problems: SolvencyProblem[] =
    ledgerVaultSats === 0n
      ? []
      : [
          {
            code: "vault_unverified",
            message: `The ledger counts ${ledgerVaultSats.toLocaleString("en-US")} sat in the cold vault, which no check sees on the chain.`,
          },
        ];
  return { vaultSats: 0n, problems };
}

/**
 * Checks the books against the chain, reading only: liabilities (every customer balance, withdrawal
 * clearing and deposit suspense: the ledger's figures), reserves as coins the chain backend has (the hot
 * wallet's, and the vault's through its port), the ledger's invariants (sum zero, nobody below zero; with
 * `transfers`, also every balance = its transfers, which reads every transfer), the hot wallet's ledger
 * against its coins on the chain, and the reorganised deposits still open. Throws the backend's
 * ChainBackendError when it cannot answer: nothing can be said then.
 */
export async function checkSolvency(
  ctx: SolvencyContext,
  { transfers = false }: { transfers?: boolean } = {},
): Promise<SolvencyCheck> {
  const checkedAt = ctx.clock.now();
  // The books in one snapshot, so that a staff action between two reads cannot look like a gap; the
  // backend is asked after it (no db transaction waits on the network).
  // (One connection: its queries one after another.)
  const { ledger, invariants, reorganised, coins, proof } = await ctx.db.transaction(
    async (tx) => ({
      ledger: await readLedgerPosition(tx),
      invariants: transfers ? await checkLedgerInvariants(tx) : null,
      reorganised: await findUnresolvedReorged(tx),
      coins: await findBankCoins(tx),
      proof: (await findNewestCompleteReserves(tx)) ?? null,
    }),
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  const hot = await hotReserves(ctx, coins);
  const vault = await vaultReserves(ctx, ledger.coldVaultSats);
  const figures: SolvencyFigures = {
    totalSats: ledger.totalSats,
    negativeCustomerAccounts: ledger.negativeCustomerAccounts,
    mismatchedAccounts: invariants?.mismatchedAccounts ?? null,
    liabilitiesSats: ledger.liabilitiesSats,
    ledgerHotSats: ledger.hotWalletSats,
    hotSats: hot.hotSats,
    coinProblems: hot.problems,
    vaultSats: vault.vaultSats,
    vaultProblems: vault.problems,
    reorganised,
    proofReserves: proof,
  };
  const problems = solvencyProblems(figures);
  return {
    checkedAt,
    ok: problems.length === 0,
    liabilitiesSats: ledger.liabilitiesSats,
    hotSats: hot.hotSats,
    vaultSats: vault.vaultSats,
    problems,
  };
}
