import type { SendQuote, SendQuoteBody } from "@satsbank/shared";
import { internalTransferCost } from "../../domain/send-rules.js";
import type { User } from "../../domain/user.js";
import { assertMaySend, checkSend } from "./check-send.js";
import type { WalletContext } from "./context.js";
import { readRecipient } from "./resolve-payee.js";

/** Whom the recipient names and what the send costs, with every check the send makes; moves nothing. */
export async function quoteSend({
  ctx,
  sender,
  body,
}: {
  ctx: Pick<WalletContext, "db" | "walletKeys">;
  sender: User;
  body: SendQuoteBody;
}): Promise<SendQuote> {
  await assertMaySend(ctx.db, sender);
  const { payee, amount } = await checkSend({
    ctx,
    db: ctx.db,
    senderId: sender.id,
    recipient: readRecipient(ctx, body.recipient),
    amountSats: body.amountSats,
  });
  const { fee, total } = internalTransferCost(amount);
  return {
    payee: { username: payee.user.username, name: payee.user.name },
    amountSats: amount.toString(),
    feeSats: fee.toString(),
    totalSats: total.toString(),
  };
}
