import { type AuditAction, auditActionLabels } from "@satsbank/shared";
import { useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { LoadMore } from "@/components/load-more";
import { Spinner } from "@/components/ui/spinner";
import type { AuditListParams } from "@/lib/query-keys";
import { useAuditEvents } from "../api/list-audit-events";
import { AuditEventsTable } from "./audit-events-table";
import { FilterSelect } from "./filter-select";
import { SearchField } from "./search-field";

const ACTION_OPTIONS: Readonly<Record<AuditAction | "all", string>> = {
  all: "All actions",
  ...auditActionLabels,
};

/** The audit log: every staff action, newest first; searched on the server, read-only. */
export function AuditLogTab() {
  const [params, setParams] = useState<AuditListParams>({ q: "", action: "all" });
  const events = useAuditEvents(params);
  const items = events.data?.pages.flatMap((page) => page.items);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SearchField
          label="Search the audit log"
          placeholder="Search by staff, customer, reason or target"
          value={params.q}
          onSearch={(q) => setParams((previous) => (previous.q === q ? previous : { ...previous, q }))}
          className="w-full sm:w-96"
        />
        <FilterSelect
          label="Action"
          value={params.action}
          options={ACTION_OPTIONS}
          onChange={(action) => setParams((previous) => ({ ...previous, action }))}
          className="w-full sm:w-72"
        />
      </div>
      {items ? (
        <div aria-busy={events.isPlaceholderData || undefined}>
          {items.length > 0 ? (
            <AuditEventsTable events={items} label="Audit Log" stale={events.isPlaceholderData} />
          ) : (
            <EmptyState>No audit events found</EmptyState>
          )}
          <LoadMore query={events} noun="audit events" />
        </div>
      ) : events.isError ? (
        <LoadError message="The audit log could not be loaded." onRetry={() => void events.refetch()} />
      ) : (
        <Spinner label="Loading the audit log" />
      )}
    </div>
  );
}
