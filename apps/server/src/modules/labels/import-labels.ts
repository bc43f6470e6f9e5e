import { BIP329_IMPORT_MAX_LINES, type Bip329ImportResult } from "@satsbank/shared";
import { AppError } from "../../domain/app-error.js";
import { ownDepositAddresses, updateDepositAddressLabel } from "../addresses/index.js";
import { connectedWalletAddress, updateConnectedWalletLabel } from "../external-wallets/index.js";
import { labelTransactionsByTxid, ownTxids } from "../transactions/index.js";
import { bip329Reasons, readBip329Lines, splitLines } from "./bip329-lines.js";
import type { LabelsContext } from "./context.js";

export const bip329ImportText = {
  tooManyLines: `A label file may hold at most ${BIP329_IMPORT_MAX_LINES.toLocaleString("en-US")} lines`,
} as const;

/**
 * Merges a BIP-329 file into the customer's labels. A `tx` line whose txid is on rows of theirs labels those
 * rows; an `addr` line whose address is one of their deposit addresses or their connected wallet's labels
 * it. Every other line is skipped with why; a txid or address of another customer reads exactly like an
 * unknown one. A later line for the same ref wins. The lines are checked first, then every write happens in
 * one db transaction: the file is applied whole or, on a failure, not at all.
 */
export async function importLabels({
  ctx,
  userId,
  text,
}: {
  ctx: Pick<LabelsContext, "db" | "network">;
  userId: string;
  text: string;
}): Promise<Bip329ImportResult> {
  const lines = splitLines(text);
  if (lines.length > BIP329_IMPORT_MAX_LINES)
    throw new AppError("BAD_REQUEST", bip329ImportText.tooManyLines);
  const { records, skipped } = readBip329Lines(lines);

  const txids = await ownTxids(ctx.db, {
    userId,
    txids: records.flatMap((r) => (r.type === "tx" ? [r.ref] : [])),
  });
  const deposit = await ownDepositAddresses(ctx.db, {
    userId,
    network: ctx.network,
    addresses: records.flatMap((r) => (r.type === "addr" ? [r.ref] : [])),
  });
  const wallet = await connectedWalletAddress(ctx.db, userId);

  const txLabels = new Map<string, string>();
  const addressLabels = new Map<string, string>();
  let walletLabel: string | undefined;
  let notTheirs = 0;
  for (const record of records) {
    if (record.type === "tx" && txids.has(record.ref)) txLabels.set(record.ref, record.label);
    else if (record.type === "addr" && deposit.has(record.ref)) addressLabels.set(record.ref, record.label);
    else if (record.type === "addr" && record.ref === wallet?.address) walletLabel = record.label;
    else {
      const reason = record.type === "tx" ? bip329Reasons.notTheirsTx : bip329Reasons.notTheirsAddr;
      skipped.push({ line: record.line, reason });
      notTheirs += 1;
    }
  }

  await ctx.db.transaction(async (tx) => {
    await labelTransactionsByTxid(tx, { userId, labels: txLabels });
    for (const [address, label] of addressLabels)
      await updateDepositAddressLabel(tx, { userId, network: ctx.network, address, label });
    if (walletLabel !== undefined && wallet !== undefined)
      await updateConnectedWalletLabel(tx, { userId, address: wallet.address, label: walletLabel });
  });
  skipped.sort((a, b) => a.line - b.line);
  return { imported: records.length - notTheirs, skipped };
}
