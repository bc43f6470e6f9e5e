import type { ReorgedDeposit, Solvency } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { findUserById } from "../auth/index.js";
import type { ChainDepositRow } from "../chain/index.js";
import type { SolvencyStateRow } from "./queries.js";

/** The watchdog's state as staff read it (who resumed payouts, by name); before the first check, empty. */
export async function toSolvency(db: Db, row: SolvencyStateRow | undefined): Promise<Solvency> {
  if (row === undefined) {
    return {
      ok: false,
      checkedAt: null,
      liabilitiesSats: "0",
      reserves: { hotSats: "0", vaultSats: "0", totalSats: "0" },
      problems: [],
      paused: false,
      pausedSince: null,
      resumed: null,
    };
  }
  const resumer = row.resumedBy === null ? undefined : await findUserById(db, row.resumedBy);
  return {
    ok: row.ok,
    checkedAt: row.checkedAt.toISOString(),
    liabilitiesSats: row.liabilitiesSats.toString(),
    reserves: {
      hotSats: row.hotSats.toString(),
      vaultSats: row.vaultSats.toString(),
      totalSats: (row.hotSats + row.vaultSats).toString(),
    },
    problems: row.problems,
    paused: row.pausedSince !== null,
    pausedSince: row.pausedSince?.toISOString() ?? null,
    resumed:
      resumer === undefined || row.resumedAt === null
        ? null
        : {
            by: { id: resumer.id, name: resumer.name, email: resumer.email },
            at: row.resumedAt.toISOString(),
            reason: row.resumeReason ?? "",
          },
  };
}

/** A reorganised deposit as the Books tab lists it: its customer, what is held, how staff resolved it. */
export function toReorgedDeposit(
  deposit: ChainDepositRow,
  customer: ReorgedDeposit["customer"],
  now: Date,
): ReorgedDeposit {
  return {
    txid: deposit.txid,
    vout: deposit.vout,
    address: deposit.address,
    valueSats: deposit.valueSats.toString(),
    customer,
    creditedAt: deposit.creditedAt?.toISOString() ?? null,
    reorgedAt: (deposit.reorgedAt ?? now).toISOString(),
    inChainAgain: deposit.blockHeight !== null,
    heldSats: deposit.heldSats?.toString() ?? null,
    resolution: deposit.resolution,
    resolvedAt: deposit.resolvedAt?.toISOString() ?? null,
  };
}
