import type { LabelResponse } from "@satsbank/shared";
import { AppError } from "../../domain/app-error.js";
import { updateDepositAddressLabel } from "../addresses/index.js";
import { updateConnectedWalletLabel } from "../external-wallets/index.js";
import { canonicalAddress } from "./bip329-lines.js";
import type { LabelsContext } from "./context.js";

export const addressNotFoundText = "Address not found";

/**
 * The customer's own label on one of their addresses: a deposit address of theirs, or their connected
 * wallet's address. `""` removes it. Any other address (another customer's too) is "not found".
 */
export async function setAddressLabel({
  ctx,
  userId,
  address,
  label,
}: {
  ctx: Pick<LabelsContext, "db" | "network">;
  userId: string;
  address: string;
  label: string;
}): Promise<LabelResponse> {
  const stored = label === "" ? null : label;
  const canonical = canonicalAddress(address);
  if (canonical === undefined) throw new AppError("NOT_FOUND", addressNotFoundText);
  const change = { userId, address: canonical, label: stored };
  const found =
    (await updateDepositAddressLabel(ctx.db, { ...change, network: ctx.network })) ||
    (await updateConnectedWalletLabel(ctx.db, change));
  if (!found) throw new AppError("NOT_FOUND", addressNotFoundText);
  return { label: stored };
}
