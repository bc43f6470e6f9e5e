import type { SendQuote, SendQuoteBody } from "@satsbank/shared";
import { sendCost } from "../../domain/send-rules.js";
import type { User } from "../../domain/user.js";
import { assertMaySend, checkSend } from "./check-send.js";
import type { WalletContext } from "./context.js";
import { readRecipient } from "./resolve-payee.js";

/** Where the send goes and what it costs, with every check the send makes; moves nothing. */
export async function quoteSend({
  ctx,
  sender,
  body,
}: {
  ctx: Pick<WalletContext, "db" | "clock" | "walletKeys" | "withdrawalFeeSats" | "sendLimits">;
  sender: User;
  body: SendQuoteBody;
}): Promise<SendQuote> {
  await assertMaySend(ctx.db, sender);
  const { destination, amount, fee } = await checkSend({
    ctx,
    db: ctx.db,
    senderId: sender.id,
    recipient: readRecipient(ctx, body.recipient),
    amountSats: body.amountSats,
    at: ctx.clock.now(),
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
  };
}
