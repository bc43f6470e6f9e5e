import { type ReactNode, useId } from "react";
import { LoadError } from "@/components/load-error";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { useRecentTransactions } from "../api/list-transactions";
import { TransactionList } from "./transaction-list";

export const RECENT_TRANSACTIONS_LIMIT = 5;

export interface RecentTransactionsProps {
  /** "Recent Transactions" on the dashboard, "Recent Activity" on the wallet screen. */
  title: string;
  /** Beside the heading: the dashboard's "View All" link. */
  action?: ReactNode;
  className?: string;
}

/** The latest five transactions under a heading, or "No recent transactions". */
export function RecentTransactions({ title, action, className }: RecentTransactionsProps) {
  const headingId = useId();
  const recent = useRecentTransactions(RECENT_TRANSACTIONS_LIMIT);
  const items = recent.data?.items;

  return (
    <section aria-labelledby={headingId} className={cn("flex flex-col gap-2", className)}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {items ? (
        items.length > 0 ? (
          <TransactionList transactions={items} label={title} />
        ) : (
          <p className="rounded-2xl border border-dashed bg-card px-4 py-8 text-center text-sm text-muted-foreground">
            No recent transactions
          </p>
        )
      ) : recent.isError ? (
        <LoadError message="Your transactions could not be loaded." onRetry={() => void recent.refetch()} />
      ) : (
        <Spinner label="Loading transactions" />
      )}
    </section>
  );
}
