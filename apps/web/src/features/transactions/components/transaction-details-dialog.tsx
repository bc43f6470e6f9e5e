import type { Transaction } from "@satsbank/shared";
import { type ReactNode, type RefObject, useRef, useState } from "react";
import { CopyButton } from "@/components/copy-button";
import { isInLabelEditor, LabelEditor } from "@/components/label-editor";
import { TransactionStatusLabel } from "@/components/transaction-status-label";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useConfirmationsRequired } from "@/lib/api/meta";
import { dateTimeText } from "@/lib/date-text";
import { btcText } from "@/lib/money-text";
import { useTransaction } from "../api/get-transaction";
import { useSetTransactionLabel } from "../api/set-transaction-label";
import {
  confirmationProgressText,
  confirmationsText,
  counterpartyText,
  isDeposit,
  signedAmountText,
  totalText,
} from "../lib/describe-transaction";
import { isCancellable } from "../lib/withdrawal-state";
import { CancelWithdrawalDialog } from "./cancel-withdrawal-dialog";
import { DownloadReceipt, hasReceipt } from "./download-receipt";
import { UsdThenAndNow } from "./usd-then-and-now";
import { WithdrawalProgressText } from "./withdrawal-progress-text";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

function Counterparty({ transaction }: { transaction: Transaction }) {
  const { username, name, address } = transaction.counterparty;
  if (username) return <>{name ? `${name} (${username})` : username}</>;
  if (address) return <span className="font-mono break-all">{address}</span>;
  return <>Unknown</>;
}

/** "To" a send's payee, "From" a receive's payer; a deposit is to the customer's own address, its payer unknown. */
function counterpartyLabel(transaction: Transaction): string {
  if (transaction.type === "send") return "To";
  return isDeposit(transaction) ? "To your address" : "From";
}

/** The customer's own label (the note is the sender's): History's search finds it. */
function TransactionLabel({ transaction }: { transaction: Transaction }) {
  const setLabel = useSetTransactionLabel(transaction.id);
  return (
    <LabelEditor
      label={transaction.label}
      fieldLabel="Label"
      hint="Only you see it. History's search finds it."
      save={setLabel.mutateAsync}
    />
  );
}

function Details({ transaction }: { transaction: Transaction }) {
  const progress = confirmationProgressText(transaction, useConfirmationsRequired());
  const inMempool = transaction.confirmations === 0 ? " (waiting in the mempool)" : "";
  const fee = BigInt(transaction.feeSats);
  return (
    <dl className="divide-y">
      <Detail label="Amount">
        <span className="font-semibold tabular-nums">{signedAmountText(transaction)}</span>
        <UsdThenAndNow sats={BigInt(transaction.amountSats)} recorded={transaction.priceAtTheTime} />
      </Detail>
      <Detail label="Network fee">
        <span className="tabular-nums">{btcText(fee)}</span>
      </Detail>
      {transaction.type === "send" && fee > 0n && (
        <Detail label="Total">
          <span className="font-semibold tabular-nums">{totalText(transaction)}</span>
          <UsdThenAndNow sats={BigInt(transaction.amountSats) + fee} recorded={transaction.priceAtTheTime} />
        </Detail>
      )}
      <Detail label="Status">
        <TransactionStatusLabel status={transaction.status} />
      </Detail>
      {transaction.withdrawal && (
        <Detail label="Withdrawal">
          <WithdrawalProgressText progress={transaction.withdrawal} />
        </Detail>
      )}
      <Detail label={counterpartyLabel(transaction)}>
        <Counterparty transaction={transaction} />
      </Detail>
      <Detail label="Note">{transaction.note ?? "No note"}</Detail>
      <Detail label="Label">
        <TransactionLabel transaction={transaction} />
      </Detail>
      <Detail label="Time">{dateTimeText(transaction.createdAt)}</Detail>
      <Detail label="Transaction ID">
        <span className="flex items-center gap-1">
          <span className="min-w-0 font-mono text-xs break-all select-all">{transaction.id}</span>
          <CopyButton
            value={transaction.id}
            label="Copy transaction ID"
            copiedTitle="Transaction ID copied"
          />
        </span>
      </Detail>
      {transaction.txid && (
        <Detail label="On-chain transaction">
          <span className="font-mono text-xs break-all select-all">{transaction.txid}</span>
        </Detail>
      )}
      {transaction.txid && transaction.confirmations !== null && (
        <Detail label="Confirmations">
          <span className="tabular-nums">
            {progress ? `${progress}${inMempool}` : confirmationsText(transaction.confirmations)}
          </span>
        </Detail>
      )}
    </dl>
  );
}

export interface TransactionDetailsDialogProps {
  transaction: Transaction;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What opened the dialog: the focus goes back to it on close. */
  openerRef: RefObject<HTMLElement | null>;
}

/**
 * "Transaction Details" of one row: fetched fresh when it opens, the row's copy shown meanwhile. The row
 * opens it; on close the focus returns to the row's button. A withdrawal still held or waiting for approval
 * offers "Cancel withdrawal", confirmed first; a posted transaction, "Download receipt".
 */
export function TransactionDetailsDialog({
  transaction,
  open,
  onOpenChange,
  openerRef,
}: TransactionDetailsDialogProps) {
  const latest = useTransaction(transaction, { enabled: open });
  const shown = latest.data ?? transaction;
  const cancellable = isCancellable(shown);
  const [confirming, setConfirming] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        showCloseButton={false}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          openerRef.current?.focus();
        }}
        // Escape in the label's field closes the field (the editor's own), not the whole dialog.
        onEscapeKeyDown={(event) => {
          if (isInLabelEditor(event.target)) event.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>Transaction Details</DialogTitle>
          <DialogDescription>{counterpartyText(shown)}</DialogDescription>
        </DialogHeader>
        <Details transaction={shown} />
        <DialogFooter>
          {hasReceipt(shown) && <DownloadReceipt transaction={shown} />}
          {cancellable && (
            <Button ref={cancelRef} variant="destructive" onClick={() => setConfirming(true)}>
              Cancel withdrawal
            </Button>
          )}
          <DialogClose asChild>
            <Button ref={closeRef} variant="outline">
              Close
            </Button>
          </DialogClose>
        </DialogFooter>
        {/* Mounted while the details are: it outlives the button that opens it, once cancelled. */}
        <CancelWithdrawalDialog
          transaction={shown}
          open={confirming}
          onOpenChange={setConfirming}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            (cancelRef.current ?? closeRef.current)?.focus();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
