import { type RefillSignaturesResponse, vaultRefillStatusLabels, vaultTexts } from "@satsbank/shared";
import { Transaction } from "@scure/btc-signer";
import { outputScript } from "../../bitcoin/payout-transaction.js";
import { readPsbt, refillProblems } from "../../bitcoin/vault/index.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { AppError } from "../../domain/app-error.js";
import { isUuid } from "../../domain/history.js";
import type { StaffActor } from "../../domain/staff.js";
import { recordAuditEvent } from "../audit/index.js";
import { findCoinsOf } from "./coin-queries.js";
import { type VaultContext, vaultId } from "./context.js";
import { mergeSignatures } from "./merge-signatures.js";
import { isComplete, refillInputs, signersOf, storedPsbt, toBase64 } from "./refill-psbt.js";
import { findRefill, lockRefill, type RefillRow, updateRefill } from "./refill-queries.js";
import { configuredVault } from "./start-refill.js";
import { broadcastRefill } from "./track-refills.js";
import { toVaultRefill } from "./views.js";

const notFound = () => new AppError("NOT_FOUND", vaultTexts.refillNotFound);

/** The refill under its row lock, while it still takes signatures (anything else: 404, or 409 `refusal`). */
export async function lockAwaitingRefill(
  db: VaultContext["db"],
  id: string,
  refusal: (status: string) => string = vaultTexts.notAwaiting,
): Promise<RefillRow> {
  const refill = isUuid(id) ? await lockRefill(db, id) : undefined;
  if (refill === undefined) throw notFound();
  if (refill.status !== "awaiting_signatures") {
    throw new AppError("CONFLICT", refusal(vaultRefillStatusLabels[refill.status].toLowerCase()));
  }
  return refill;
}

/**
 * The last check before a complete refill is finalised: its inputs are exactly the vault coins this refill
 * locked, and its outputs pay the hot wallet's address and the vault's change as recorded, and nothing else.
 * Answers the final transaction's hex.
 */
async function finalise(ctx: VaultContext, db: VaultContext["db"], refill: RefillRow, tx: Transaction) {
  const vault = configuredVault(ctx);
  const inputs = refillInputs(vault, tx);
  const locked = await findCoinsOf(db, refill.id);
  const lockedSet = new Set(locked.filter((c) => c.status === "locked").map((c) => `${c.txid}:${c.vout}`));
  const problems = refillProblems(tx, {
    vault,
    coins: inputs.map((input) => input.coin),
    hotScript: outputScript(refill.hotAddress, ctx.walletKeys),
    amountSats: refill.amountSats,
    change:
      refill.changeIndex === null || refill.changeSats === null
        ? null
        : { index: refill.changeIndex, sats: refill.changeSats },
  });
  const spends = inputs.map((input) => `${input.coin.txid}:${input.coin.vout}`);
  if (spends.length !== lockedSet.size || spends.some((outpoint) => !lockedSet.has(outpoint))) {
    problems.push("Its inputs are not the vault coins this refill holds.");
  }
  if (problems.length > 0)
    throw new AppError("CONFLICT", `The refill's transaction does not check out: ${problems.join(" ")}`);
  const final = Transaction.fromPSBT(tx.toPSBT());
  final.finalize();
  if (final.id !== refill.txid) throw new Error(`refill ${refill.id}: the final transaction's txid changed`);
  return final.hex;
}

/**
 * A key holder's signed PSBT, uploaded by staff, in one db transaction under the refill's row lock: refused
 * unless the refill still takes signatures (409: a replay after it was broadcast, confirmed or cancelled)
 * and the PSBT is its transaction spending this vault's coins (400); its signatures that verify are kept
 * with those uploaded before (two key holders may upload one PSBT each), the rest named as not counted; it
 * is audited. Once every input has two valid signatures by different keys, the refill is checked again,
 * finalised and recorded (broadcast), and after the commit sent to the network (audited with its outcome).
 */
export async function uploadRefillSignatures({
  ctx,
  staff,
  refillId,
  psbt,
}: {
  ctx: VaultContext;
  staff: StaffActor;
  refillId: string;
  psbt: string;
}): Promise<RefillSignaturesResponse> {
  const vault = configuredVault(ctx);
  const id = refillId.toLowerCase();
  const uploaded = readPsbt(psbt);
  const made = await inDbTransaction(ctx.db, async (db) => {
    const refill = await lockAwaitingRefill(db, id);
    if (uploaded === null) throw new AppError("BAD_REQUEST", vaultTexts.notPsbt);
    if (refill.vault !== vaultId(vault)) throw new AppError("CONFLICT", vaultTexts.otherVault);
    const stored = storedPsbt(refill);
    const inputs = refillInputs(vault, stored);
    const scratch = storedPsbt({ unsignedPsbt: refill.unsignedPsbt, signedPsbt: null });
    const verdict = mergeSignatures({ stored, scratch, txid: refill.txid, inputs, uploaded });
    const signers = signersOf(stored, inputs);
    const hex = isComplete(vault, signers) ? await finalise(ctx, db, refill, stored) : null;
    const at = ctx.clock.now();
    await updateRefill(db, id, {
      signedPsbt: toBase64(stored),
      ...(hex === null ? {} : { hex, status: "broadcast" }),
    });
    await recordAuditEvent(db, {
      staff,
      action: "vault.refill_signed",
      target: { type: "vault_refill", id },
      details: {
        txid: refill.txid,
        added: verdict.added,
        ignored: verdict.ignored,
        signedBy: signers.map((keys) => keys.map((key) => key.keyNumber).sort()),
        complete: hex !== null,
      },
      at,
    });
    return { verdict, refill: { ...refill, hex } };
  });
  let broadcast: RefillSignaturesResponse["broadcast"] = null;
  if (made.refill.hex !== null) {
    const sent = await broadcastRefill(ctx, made.refill);
    broadcast = sent.outcome;
    await inDbTransaction(ctx.db, (db) =>
      recordAuditEvent(db, {
        staff,
        action: "vault.refill_broadcast",
        target: { type: "vault_refill", id },
        details: {
          txid: made.refill.txid,
          outcome: sent.outcome,
          ...(sent.outcome === "broadcast" ? {} : { reason: sent.reason }),
        },
        at: ctx.clock.now(),
      }),
    );
  }
  const refill = await findRefill(ctx.db, id);
  if (refill === undefined) throw notFound();
  return { refill: toVaultRefill(refill, vault), ...made.verdict, broadcast };
}
