import type { Transaction } from "@satsbank/shared";
import { cn } from "@/lib/cn";
import { TransactionRow } from "./transaction-row";

export interface TransactionListProps {
  transactions: readonly Transaction[];
  /** The list's accessible name, e.g. "Recent Transactions". */
  label: string;
  className?: string;
}

/** Transactions, newest first, as a list of buttons that open their details. */
export function TransactionList({ transactions, label, className }: TransactionListProps) {
  return (
    <ul aria-label={label} className={cn("flex flex-col divide-y", className)}>
      {transactions.map((transaction) => (
        <TransactionRow key={transaction.id} transaction={transaction} />
      ))}
    </ul>
  );
}
