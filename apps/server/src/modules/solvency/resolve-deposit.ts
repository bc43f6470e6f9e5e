import { type ReorgedDeposit, solvencyMessages } from "@satsbank/shared";
import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import type { DepositResolution } from "../../db/schema/index.js";
import { AppError } from "../../domain/app-error.js";
import type { StaffActor } from "../../domain/staff.js";
import { recordAuditEvent } from "../audit/index.js";
import { findUserById } from "../auth/index.js";
import { resolveReorganisedDeposit } from "../chain/index.js";
import { toReorgedDeposit } from "./views.js";

const TXID = /^[0-9a-f]{64}$/;

/**
 * Staff resolve a reorganised deposit that did not come back (the Books tab), with a reason: reverse it
 * against the customer or absorb it in the bank's equity (chain's resolveReorganisedDeposit: claimed
 * once under the deposit's row lock), audited in the same db transaction. 404 for no such deposit, 409
 * for one that is not waiting for staff (a second resolution among them).
 */
export async function resolveDeposit({
  ctx,
  staff,
  txid,
  vout,
  resolution,
  reason,
}: {
  ctx: { db: Db; clock: Clock };
  staff: StaffActor;
  txid: string;
  vout: string;
  resolution: DepositResolution;
  reason: string;
}): Promise<ReorgedDeposit> {
  const id = txid.toLowerCase();
  const index = /^\d{1,9}$/.test(vout) ? Number(vout) : -1;
  if (!TXID.test(id) || index < 0) throw new AppError("NOT_FOUND", solvencyMessages.depositNotFound);
  return inDbTransaction(ctx.db, async (tx) => {
    const at = ctx.clock.now();
    const done = await resolveReorganisedDeposit(tx, { txid: id, vout: index, resolution, at });
    if (done.outcome === "not-found") throw new AppError("NOT_FOUND", solvencyMessages.depositNotFound);
    if (done.outcome === "not-open") throw new AppError("CONFLICT", solvencyMessages.depositNotOpen);
    const { deposit } = done;
    await recordAuditEvent(tx, {
      staff,
      action: resolution === "reversed" ? "deposit.reversed" : "deposit.absorbed",
      target: { type: "deposit", id: `${deposit.txid}:${deposit.vout}` },
      customerId: deposit.userId,
      reason,
      details: {
        valueSats: deposit.valueSats.toString(),
        heldSats: done.held.toString(),
        address: deposit.address,
      },
      at,
    });
    const customer = await findUserById(tx, deposit.userId);
    if (customer === undefined) throw new Error(`The deposit's customer ${deposit.userId} is missing`);
    const { id: userId, name, email, username } = customer;
    return toReorgedDeposit(deposit, { id: userId, name, email, username }, at);
  });
}
