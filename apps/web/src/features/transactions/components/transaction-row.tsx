import type { Transaction } from "@satsbank/shared";
import { ArrowDownLeft, ArrowUpRight } from "lucide-react";
import { cn } from "@/lib/cn";
import { counterpartyText, signedAmountText, transactionTimeText } from "../lib/describe-transaction";
import { TransactionDetailsDialog } from "./transaction-details-dialog";
import { TransactionStatusLabel } from "./transaction-status";

/** One line of a list: who, when, status and the signed amount; a button that opens its details. */
export function TransactionRow({ transaction }: { transaction: Transaction }) {
  const received = transaction.type === "receive";
  const Icon = received ? ArrowDownLeft : ArrowUpRight;
  return (
    <li>
      <TransactionDetailsDialog transaction={transaction}>
        <button
          type="button"
          className="flex w-full items-center gap-3 rounded-xl px-2 py-3 text-left outline-none transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span
            aria-hidden="true"
            className={cn(
              "flex size-9 shrink-0 items-center justify-center rounded-full",
              received ? "bg-success/15 text-success" : "bg-primary/15 text-brand",
            )}
          >
            <Icon className="size-4.5" />
          </span>
          <span className="min-w-0 flex-1">
            {/* Wraps rather than truncates: the username is the point of the line. */}
            <span className="block text-sm font-medium break-words">{counterpartyText(transaction)}</span>
            <span className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
              <span>{transactionTimeText(transaction.createdAt)}</span>
              <TransactionStatusLabel status={transaction.status} />
            </span>
          </span>
          <span
            className={cn(
              "shrink-0 text-sm font-semibold whitespace-nowrap tabular-nums",
              received ? "text-success" : "text-foreground",
            )}
          >
            {signedAmountText(transaction)}
          </span>
        </button>
      </TransactionDetailsDialog>
    </li>
  );
}
