import { type SupportStatusFilter, supportFilterLabels } from "@satsbank/shared";
import { useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { LoadMore } from "@/components/load-more";
import { Spinner } from "@/components/ui/spinner";
import { useSupportRequests } from "../api/list-support-requests";
import { FilterSelect } from "./filter-select";
import { SupportRequestCard } from "./support-request-card";

const EMPTY = {
  open: "No open support requests",
  answered: "No answered support requests",
  closed: "No closed support requests",
  all: "No support requests yet",
} as const satisfies Record<SupportStatusFilter, string>;

/** Support: the requests from Help & Support, open ones first (oldest first), a reply, close. */
export function SupportTab() {
  const [status, setStatus] = useState<SupportStatusFilter>("open");
  const requests = useSupportRequests(status);
  const items = requests.data?.pages.flatMap((page) => page.items);

  return (
    <div className="flex flex-col gap-4">
      <FilterSelect
        label="Status"
        value={status}
        options={supportFilterLabels}
        onChange={setStatus}
        className="w-44"
      />
      {items ? (
        <div aria-busy={requests.isPlaceholderData || undefined} className="flex flex-col gap-4">
          {items.length > 0 ? (
            items.map((request) => <SupportRequestCard key={request.id} request={request} />)
          ) : (
            <EmptyState>{EMPTY[status]}</EmptyState>
          )}
          <LoadMore query={requests} noun="support requests" />
        </div>
      ) : requests.isError ? (
        <LoadError
          message="The support requests could not be loaded."
          onRetry={() => void requests.refetch()}
        />
      ) : (
        <Spinner label="Loading support requests" />
      )}
    </div>
  );
}
