import { randomUUID } from "node:crypto";
import { type VaultRefill, vaultTexts } from "@satsbank/shared";
import { dustLimitOf } from "../../bitcoin/dust.js";
import { CHANGE_CHAIN, deriveAddress } from "../../bitcoin/keys.js";
import { outputScript } from "../../bitcoin/payout-transaction.js";
import { buildRefillPsbt, type ColdVault, chooseVaultCoins, vaultOutput } from "../../bitcoin/vault/index.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { AppError } from "../../domain/app-error.js";
import type { StaffActor } from "../../domain/staff.js";
import { claimNextIndex } from "../addresses/index.js";
import { recordAuditEvent } from "../audit/index.js";
import { claimVaultAddress } from "./address-queries.js";
import { claimAvailableVaultCoins, lockVaultCoins, toVaultCoin } from "./coin-queries.js";
import { DEFAULT_FEE_TARGET_BLOCKS, type VaultContext, vaultId } from "./context.js";
import { findRefill, insertRefill } from "./refill-queries.js";
import { bankSurplus } from "./surplus.js";
import { toVaultRefill } from "./views.js";

/** Vault coins considered for one refill: the largest ones, so a few cover it. */
const COIN_CANDIDATES = 500;

/** The configured vault, or the refusal every vault action answers without one. */
export function configuredVault(ctx: Pick<VaultContext, "coldVault">): ColdVault {
  if (ctx.coldVault === null) throw new AppError("CONFLICT", vaultTexts.notConfigured);
  return ctx.coldVault;
}

/**
 * Staff start a refill of `amountSats` to the hot wallet, in one db transaction: the vault's available
 * coins are claimed (row locks, skipping those another refill holds) and chosen at the backend's fee rate
 * (P2WSH 2-of-3 inputs); the hot wallet's output pays a new address of its change chain, the vault's change
 * a new address of the vault's change chain (none when it would be dust); the unsigned PSBT and its txid
 * are recorded, the coins locked (spent_by the refill), and it is audited. Key holders then sign the PSBT.
 * Refused (409) when the vault's coins cannot cover it, or the bank's own money cannot pay its miner fee.
 */
export async function startRefill({
  ctx,
  staff,
  amountSats,
  reason,
}: {
  ctx: VaultContext;
  staff: StaffActor;
  amountSats: bigint;
  reason: string;
}): Promise<VaultRefill> {
  const vault = configuredVault(ctx);
  const keys = ctx.walletKeys;
  // Every hot wallet address is a P2WPKH of its own: any one has the output's size and dust limit.
  const hotSize = outputScript(deriveAddress(keys.account, keys.network, CHANGE_CHAIN, 0), keys);
  const hotDust = dustLimitOf(hotSize);
  if (amountSats < hotDust) {
    const text = vaultTexts.belowDust(hotDust.toString());
    throw new AppError("VALIDATION_ERROR", text, { amountSats: text });
  }
  // Asked before the db transaction, so no row stays locked while the backend answers.
  const feeRate = await ctx.chain.feeRate(ctx.feeTargetBlocks ?? DEFAULT_FEE_TARGET_BLOCKS);
  const id = randomUUID();
  await inDbTransaction(ctx.db, async (db) => {
    const at = ctx.clock.now();
    const rows = await claimAvailableVaultCoins(db, vaultId(vault), COIN_CANDIDATES);
    const coins = rows.map(toVaultCoin);
    const choice = chooseVaultCoins({
      vault,
      coins,
      amountSats,
      hotScript: hotSize,
      changeScript: vaultOutput(vault, "change", 0).script,
      feeRate,
    });
    if (choice === null) {
      const available = rows.reduce((sum, row) => sum + row.valueSats, 0n);
      throw new AppError("CONFLICT", vaultTexts.notEnoughCoins(available.toString()));
    }
    const surplus = await bankSurplus(db);
    if (surplus < choice.minerFee) {
      throw new AppError(
        "CONFLICT",
        vaultTexts.feeUnaffordable(choice.minerFee.toString(), surplus.toString()),
      );
    }
    const hotIndex = await claimNextIndex(db, { network: keys.network, chain: CHANGE_CHAIN });
    const hotAddress = deriveAddress(keys.account, keys.network, CHANGE_CHAIN, hotIndex);
    const change = choice.changeSats === null ? null : await claimVaultAddress(db, vault, "change", at);
    const made = buildRefillPsbt({
      vault,
      coins: choice.coins,
      hotScript: outputScript(hotAddress, keys),
      amountSats,
      change:
        change === null || choice.changeSats === null
          ? null
          : { index: change.index, sats: choice.changeSats },
    });
    await insertRefill(db, {
      id,
      vault: vaultId(vault),
      status: "awaiting_signatures",
      amountSats,
      minerFeeSats: choice.minerFee,
      reason,
      txid: made.txid,
      unsignedPsbt: made.psbt,
      signedPsbt: null,
      hex: null,
      hotAddress,
      hotIndex,
      hotVout: made.hotVout,
      changeVout: made.changeVout,
      changeSats: choice.changeSats,
      changeAddress: change?.address ?? null,
      changeIndex: change?.index ?? null,
      blockHeight: null,
      failure: null,
      createdBy: staff.userId,
      createdAt: at,
      broadcastAt: null,
      confirmedAt: null,
    });
    await lockVaultCoins(db, id, choice.coins);
    await recordAuditEvent(db, {
      staff,
      action: "vault.refill_started",
      target: { type: "vault_refill", id },
      reason,
      details: {
        amountSats: amountSats.toString(),
        minerFeeSats: choice.minerFee.toString(),
        txid: made.txid,
        hotAddress,
        coins: choice.coins.map((coin) => `${coin.txid}:${coin.vout}`),
        changeSats: choice.changeSats?.toString() ?? null,
      },
      at,
    });
  });
  const refill = await findRefill(ctx.db, id);
  if (refill === undefined) throw new Error(`refill ${id} was not recorded`);
  return toVaultRefill(refill, vault);
}
