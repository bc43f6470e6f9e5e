import type { SendQuote, SendQuoteBody } from "@satsbank/shared";
import type { Sats } from "../../domain/money.js";
import { sendCost } from "../../domain/send-rules.js";
import type { User } from "../../domain/user.js";
import { HOUR_MS } from "../../domain/withdrawal-policy.js";
import { assertWithdrawalsRunning } from "../solvency/index.js";
import { withdrawalGate } from "../withdrawals/index.js";
import { assertMaySend, checkSend } from "./check-send.js";
import type { WalletContext } from "./context.js";
import { readRecipient } from "./resolve-payee.js";

/** Where the send goes and what it costs, with every check the send makes; moves nothing. */
export async function quoteSend({
  ctx,
  sender,
  body,
}: {
  ctx: Pick<
    WalletContext,
    "db" | "clock" | "walletKeys" | "withdrawalFeeSats" | "sendLimits" | "withdrawalPolicy"
  >;
  sender: User;
  body: SendQuoteBody;
}): Promise<SendQuote> {
  await assertMaySend(ctx.db, sender);
  const at = ctx.clock.now();
  const { destination, amount, fee } = await checkSend({
    ctx,
    db: ctx.db,
    senderId: sender.id,
    recipient: readRecipient(ctx, body.recipient),
    amountSats: body.amountSats,
    at,
  });
  const { total } = sendCost(amount, fee);
  const payee =
    destination.kind === "transfer"
      ? { username: destination.payee.user.username, name: destination.payee.user.name }
      : null;
  return {
    kind: destination.kind,
    payee,
    address: destination.kind === "transfer" ? destination.payee.address : destination.address,
    amountSats: amount.toString(),
    feeSats: fee.toString(),
    totalSats: total.toString(),
    withdrawal:
      destination.kind === "transfer"
        ? null
        : await withdrawalPreview(ctx, { userId: sender.id, address: destination.address, amount, at }),
  };
}

/**
 * What the withdrawal will wait for if confirmed now: the policy's answer for this customer, address and
 * amount (the send asks again under its lock, which decides).
 */
async function withdrawalPreview(
  ctx: Pick<WalletContext, "db" | "withdrawalPolicy">,
  entry: { userId: string; address: string; amount: Sats; at: Date },
): Promise<NonNullable<SendQuote["withdrawal"]>> {
  await assertWithdrawalsRunning(ctx.db);
  const gate = await withdrawalGate(ctx.db, { ...entry, policy: ctx.withdrawalPolicy });
  return {
    holdHours: gate.heldUntil === null ? null : Math.round(ctx.withdrawalPolicy.newAddressHoldMs / HOUR_MS),
    approvalsNeeded: gate.approvalsNeeded,
  };
}
