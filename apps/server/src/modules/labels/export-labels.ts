import type { Bip329Record } from "@satsbank/shared";
import { listDepositAddressLabels } from "../addresses/index.js";
import { connectedWalletAddress } from "../external-wallets/index.js";
import { listTxidLabels } from "../transactions/index.js";
import { txRecords, writeBip329Lines } from "./bip329-lines.js";
import type { LabelsContext } from "./context.js";

/** The BIP-329 file's media type: JSON Lines (jsonlines.org), always UTF-8. */
export const BIP329_CONTENT_TYPE = "application/jsonl; charset=utf-8";

/**
 * The customer's labels as a BIP-329 file: a `tx` line per labelled txid of theirs (see txRecords), an
 * `addr` line per labelled deposit address, then their connected wallet's address when it has a label.
 * Only labelled records are written: a record without a label carries nothing (BIP-329: an importer leaves
 * the label alone). A transaction between two customers has no txid, so its label is not in this file.
 */
export async function exportLabels({
  ctx,
  userId,
}: {
  ctx: LabelsContext;
  userId: string;
}): Promise<{ fileName: string; text: string }> {
  const txids = await listTxidLabels(ctx.db, userId);
  const deposit = await listDepositAddressLabels(ctx.db, { userId, network: ctx.network });
  const wallet = await connectedWalletAddress(ctx.db, userId);
  const records: Bip329Record[] = [
    ...txRecords(txids),
    ...deposit.map(({ address, label }): Bip329Record => ({ type: "addr", ref: address, label })),
    ...(wallet?.label == null ? [] : [{ type: "addr" as const, ref: wallet.address, label: wallet.label }]),
  ];
  const day = ctx.clock.now().toISOString().slice(0, 10);
  return { fileName: `satsbank-labels-${day}.jsonl`, text: writeBip329Lines(records) };
}
