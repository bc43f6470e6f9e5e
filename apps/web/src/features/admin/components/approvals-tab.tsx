import { type ApprovalsFilter, approvalsFilterLabels } from "@satsbank/shared";
import { useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { LoadMore } from "@/components/load-more";
import { Spinner } from "@/components/ui/spinner";
import { useWithdrawals } from "../api/list-withdrawals";
import { FilterSelect } from "./filter-select";
import { WithdrawalCard } from "./withdrawal-card";

const EMPTY = {
  awaiting_approval: "No withdrawals are waiting for approval",
  held: "No withdrawals are held",
} as const satisfies Record<ApprovalsFilter, string>;

/**
 * Approvals: the withdrawals waiting for staff, oldest first, each with the customer's context, to approve
 * (two different people above the dual amount) or reject with a reason; the held ones can be looked at.
 */
export function ApprovalsTab() {
  const [status, setStatus] = useState<ApprovalsFilter>("awaiting_approval");
  const withdrawals = useWithdrawals(status);
  const items = withdrawals.data?.pages.flatMap((page) => page.items);

  return (
    <div className="flex flex-col gap-4">
      <FilterSelect
        label="Withdrawals"
        value={status}
        options={approvalsFilterLabels}
        onChange={setStatus}
        className="w-60"
      />
      {items ? (
        <div aria-busy={withdrawals.isPlaceholderData || undefined} className="flex flex-col gap-4">
          {items.length > 0 ? (
            items.map((withdrawal) => <WithdrawalCard key={withdrawal.id} withdrawal={withdrawal} />)
          ) : (
            <EmptyState>{EMPTY[status]}</EmptyState>
          )}
          <LoadMore query={withdrawals} noun="withdrawals" />
        </div>
      ) : withdrawals.isError ? (
        <LoadError
          message="The withdrawals could not be loaded."
          onRetry={() => void withdrawals.refetch()}
        />
      ) : (
        <Spinner label="Loading withdrawals" />
      )}
    </div>
  );
}
