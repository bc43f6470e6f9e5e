import type { HelpFacts } from "@satsbank/shared";
import type { SupportContext } from "./context.js";

/** The figures the FAQ states, as this installation is configured. */
export function helpFacts({
  ctx,
}: {
  ctx: Pick<SupportContext, "withdrawalFeeSats" | "sendLimits" | "confirmations">;
}): HelpFacts {
  return {
    withdrawalFeeSats: ctx.withdrawalFeeSats.toString(),
    dailySendLimitSats: {
      level1: ctx.sendLimits.level1.toString(),
      level2: ctx.sendLimits.level2.toString(),
    },
    confirmations: ctx.confirmations,
  };
}
