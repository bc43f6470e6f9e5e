import type { WalletSummary } from "@satsbank/shared";
import { levelOf } from "../../domain/kyc.js";
import { centsToUsdText } from "../../domain/price.js";
import { sendFee, spendableAmount } from "../../domain/send-rules.js";
import { limitOf, sendLimitWindowStart, toSendLimit } from "../kyc/index.js";
import type { WalletContext } from "./context.js";
import { findSenderFigures, type SenderFigures } from "./queries.js";

/**
 * The customer's balance from the ledger, what they can send, whether they may, what is held of a deposit
 * the network reversed, and the USD price (the price source keeps its own cache). The figures are those
 * read with the request's session (figures-with-session.ts) when given, else one query here.
 */
export async function getWalletSummary({
  ctx,
  userId,
  figures,
}: {
  ctx: Pick<WalletContext, "db" | "clock" | "price" | "withdrawalFeeSats" | "sendLimits">;
  userId: string;
  figures?: SenderFigures | undefined;
}): Promise<WalletSummary> {
  const price = await ctx.price.current();
  const { balance, items, sentSince, held } =
    figures ?? (await findSenderFigures(ctx.db, userId, sendLimitWindowStart(ctx.clock.now())));
  const limit = limitOf({ level: levelOf(items), sent: sentSince, sendLimits: ctx.sendLimits });
  return {
    balanceSats: balance.toString(),
    spendableSats: spendableAmount(balance, sendFee("transfer", ctx.withdrawalFeeSats)).toString(),
    onHoldSats: held.toString(),
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
