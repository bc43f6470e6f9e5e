import type { WalletSummary } from "@satsbank/shared";
import { centsToUsdText } from "../../domain/price.js";
import { sendFee, spendableAmount } from "../../domain/send-rules.js";
import { customerBalance } from "../../ledger/accounts.js";
import { sendLimitOf, toSendLimit } from "../kyc/send-limit.js";
import type { WalletContext } from "./context.js";

/** The customer's balance from the ledger, what they can send, whether they may, and the USD price. */
export async function getWalletSummary({
  ctx,
  userId,
}: {
  ctx: Pick<WalletContext, "db" | "clock" | "price" | "withdrawalFeeSats" | "sendLimits">;
  userId: string;
}): Promise<WalletSummary> {
  const price = await ctx.price.current();
  const balance = await customerBalance(ctx.db, userId);
  const limit = await sendLimitOf(ctx.db, ctx, userId, ctx.clock.now());
  return {
    balanceSats: balance.toString(),
    spendableSats: spendableAmount(balance, sendFee("transfer", ctx.withdrawalFeeSats)).toString(),
    withdrawalFeeSats: ctx.withdrawalFeeSats.toString(),
    sendLimit: toSendLimit(limit),
    canSend: limit.level >= 1,
    price: {
      usdPerBtc: centsToUsdText(price.usdCentsPerBtc),
      asOf: price.asOf.toISOString(),
      stale: price.stale,
      source: price.source,
    },
  };
}
