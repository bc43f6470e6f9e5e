import { notificationKindSchema, notificationTypeOfKind } from "@satsbank/shared";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { queryKeys } from "@/lib/query-keys";
import { queriesAffectedBy, refreshAfter } from "./refresh-after";

describe("the queries a notification affects", () => {
  it("refreshes the balance and every history list and transaction for every money kind", () => {
    const money = notificationKindSchema.options.filter(
      (kind) => notificationTypeOfKind[kind] === "transaction",
    );
    expect(money).toContain("withdrawal_confirmed");
    for (const kind of money)
      expect(queriesAffectedBy[kind], kind).toEqual([queryKeys.wallet.all, queryKeys.transactions.all]);
  });

  it("refreshes the KYC status and the send limit for a verification decision, the session for a security change", () => {
    expect(queriesAffectedBy.verification).toEqual([queryKeys.kyc.all, queryKeys.wallet.summary]);
    expect(queriesAffectedBy.two_factor_disabled).toEqual([queryKeys.me]);
    expect(queriesAffectedBy.suspicious_sign_in).toEqual([queryKeys.account.loginHistory]);
  });

  it("asks once for each query however many notifications arrived together", async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    await refreshAfter(queryClient, [
      "money_received",
      "money_received",
      "withdrawal_confirmed",
      "verification",
    ]);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      queryKeys.wallet.all,
      queryKeys.transactions.all,
      queryKeys.kyc.all,
      queryKeys.wallet.summary,
    ]);
  });
});
