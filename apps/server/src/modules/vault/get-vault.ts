import type { VaultOverview, VaultRefill } from "@satsbank/shared";
import { vaultTexts } from "@satsbank/shared";
import { fingerprintHex, formatPath } from "../../bitcoin/vault/index.js";
import { AppError } from "../../domain/app-error.js";
import { isUuid } from "../../domain/history.js";
import { sumUtxos } from "../chain/index.js";
import { vaultCoinTotals } from "./coin-queries.js";
import { type VaultContext, vaultId } from "./context.js";
import { findRefill, listRefills } from "./refill-queries.js";
import { listRecentSweeps } from "./sweep-coins.js";
import { toVaultRefill } from "./views.js";

/** Refills and sweeps the Vault tab lists, newest first. */
const LISTED = 20;

/**
 * The Vault tab: the descriptor and its keys (public), the vault's coins (available, locked by a refill,
 * incoming from a sweep), the hot wallet's confirmed coins against its max and target, the latest refills
 * and sweeps. Without a vault: `configured: false`.
 */
export async function getVault({
  ctx,
}: {
  ctx: Pick<VaultContext, "db" | "coldVault" | "hotWalletMaxSats" | "hotWalletTargetSats">;
}): Promise<VaultOverview> {
  const vault = ctx.coldVault;
  if (vault === null) return { configured: false };
  const [coins, hot, refills, sweeps] = await Promise.all([
    vaultCoinTotals(ctx.db, vaultId(vault)),
    sumUtxos(ctx.db),
    listRefills(ctx.db, LISTED),
    listRecentSweeps(ctx.db, LISTED),
  ]);
  const shortOfTarget = ctx.hotWalletTargetSats - hot.available;
  return {
    configured: true,
    descriptor: vault.descriptor,
    keys: vault.keys.map((key) => ({
      number: key.number,
      fingerprint: fingerprintHex(key.origin.fingerprint),
      path: formatPath(key.origin.path),
      xpub: key.extendedKey,
    })),
    vault: {
      availableSats: coins.available.sats.toString(),
      lockedSats: coins.locked.sats.toString(),
      incomingSats: coins.incoming.sats.toString(),
      coins: coins.available.coins + coins.locked.coins + coins.incoming.coins,
    },
    hotWallet: {
      availableSats: hot.available.toString(),
      lockedSats: hot.locked.toString(),
      maxSats: ctx.hotWalletMaxSats.toString(),
      targetSats: ctx.hotWalletTargetSats.toString(),
      suggestedRefillSats: (shortOfTarget > 0n ? shortOfTarget : 0n).toString(),
    },
    refills: refills.map((refill) => toVaultRefill(refill, vault)),
    sweeps,
  };
}

/** One refill, as the Vault tab shows it (404 when there is none of that id). */
export async function getRefill({
  ctx,
  refillId,
}: {
  ctx: Pick<VaultContext, "db" | "coldVault">;
  refillId: string;
}): Promise<VaultRefill> {
  const id = refillId.toLowerCase();
  const refill = isUuid(id) ? await findRefill(ctx.db, id) : undefined;
  if (refill === undefined) throw new AppError("NOT_FOUND", vaultTexts.refillNotFound);
  return toVaultRefill(refill, ctx.coldVault);
}

/** The refill's PSBT to sign: the unsigned one with every valid signature uploaded so far. */
export async function refillPsbtFile({
  ctx,
  refillId,
}: {
  ctx: Pick<VaultContext, "db">;
  refillId: string;
}): Promise<{ fileName: string; base64: string }> {
  const id = refillId.toLowerCase();
  const refill = isUuid(id) ? await findRefill(ctx.db, id) : undefined;
  if (refill === undefined) throw new AppError("NOT_FOUND", vaultTexts.refillNotFound);
  const signed = refill.signedPsbt !== null;
  return {
    fileName: `refill-${refill.txid.slice(0, 16)}${signed ? "-signed" : ""}.psbt`,
    base64: refill.signedPsbt ?? refill.unsignedPsbt,
  };
}
