import type { Transaction } from "@satsbank/shared";
import { ArrowDownLeft, ArrowUpRight } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { TransactionStatusLabel } from "@/components/transaction-status-label";
import { useConfirmationsRequired } from "@/lib/api/meta";
import { cn } from "@/lib/cn";
import { dateTimeText } from "@/lib/date-text";
import {
  confirmationProgressText,
  counterpartyText,
  rowFeeText,
  signedAmountText,
} from "../lib/describe-transaction";
import { rowWithdrawalText } from "../lib/withdrawal-state";
import { UsdValue } from "./usd-value";

// The dialog's code (and the dialog library) loads with the first row opened, not with the list.
const TransactionDetailsDialog = lazy(() =>
  import("./transaction-details-dialog").then((m) => ({ default: m.TransactionDetailsDialog })),
);

/**
 * One line of a list: who, when, status (where a withdrawal stands, how many confirmations a pending chain
 * transaction has of those it needs), the signed amount and a withdrawal's fee under it (the rows add up to
 * the balance); a button that opens its details.
 */
export function TransactionRow({ transaction }: { transaction: Transaction }) {
  const received = transaction.type === "receive";
  const withdrawal = rowWithdrawalText(transaction);
  const progress = confirmationProgressText(transaction, useConfirmationsRequired());
  const fee = rowFeeText(transaction);
  const Icon = received ? ArrowDownLeft : ArrowUpRight;
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted so that it can close with its animation.
  const [opened, setOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <li>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
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
            <span>{dateTimeText(transaction.createdAt)}</span>
            <TransactionStatusLabel status={transaction.status} />
            {withdrawal && <span className="font-medium text-foreground">{withdrawal}</span>}
            {progress && <span>{progress}</span>}
          </span>
        </span>
        <span className="shrink-0 text-right whitespace-nowrap tabular-nums">
          <span className={cn("block text-sm font-semibold", received ? "text-success" : "text-foreground")}>
            {signedAmountText(transaction)}
          </span>
          {fee && <span className="mt-0.5 block text-xs text-muted-foreground">{fee}</span>}
          <UsdValue sats={BigInt(transaction.amountSats)} className="mt-0.5" />
        </span>
      </button>
      {opened && (
        <Suspense fallback={null}>
          <TransactionDetailsDialog
            transaction={transaction}
            open={open}
            onOpenChange={setOpen}
            openerRef={buttonRef}
          />
        </Suspense>
      )}
    </li>
  );
}
