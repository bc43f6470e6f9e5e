import { type SendRecipient, type SendRecipientBody, sendErrors } from "@satsbank/shared";
import { AppError } from "../../domain/app-error.js";
import { sendFee } from "../../domain/send-rules.js";
import type { User } from "../../domain/user.js";
import { assertMaySend } from "./check-send.js";
import type { WalletContext } from "./context.js";
import { readRecipient, resolvePayee } from "./resolve-payee.js";

/**
 * Where a recipient sends the money and the network fee of a send to them, before any amount is typed: the
 * send form shows the fee and the total, and Max fills in the balance less that fee, as soon as the
 * recipient is known. The quote's checks of the sender and the recipient, refused the same way (each on
 * the recipient field); nothing about the amount, and it moves nothing.
 */
export async function lookUpRecipient({
  ctx,
  sender,
  body,
}: {
  ctx: Pick<WalletContext, "db" | "walletKeys" | "withdrawalFeeSats" | "vaultAddresses">;
  sender: User;
  body: SendRecipientBody;
}): Promise<SendRecipient> {
  await assertMaySend(ctx.db, sender);
  const resolution = await resolvePayee({
    ctx,
    db: ctx.db,
    senderId: sender.id,
    recipient: readRecipient(ctx, body.recipient),
  });
  if (!resolution.ok) {
    const text = sendErrors[resolution.reason].text;
    throw new AppError("VALIDATION_ERROR", text, { recipient: text }, resolution.reason);
  }
  const { destination } = resolution;
  const feeSats = sendFee(destination.kind, ctx.withdrawalFeeSats).toString();
  return destination.kind === "transfer"
    ? {
        kind: "transfer",
        payee: { username: destination.payee.user.username, name: destination.payee.user.name },
        address: destination.payee.address,
        feeSats,
      }
    : { kind: "withdrawal", payee: null, address: destination.address, feeSats };
}
