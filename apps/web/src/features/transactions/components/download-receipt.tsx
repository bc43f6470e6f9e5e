import { apiPaths, type Transaction } from "@satsbank/shared";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * Whether the ledger has posted the transaction, so that it has a signed receipt: a send's money leaves
 * the balance when it is confirmed (a withdrawal's too, held or not), a receive's once it is completed. A
 * credited deposit the chain reorganised (pending or failed again) has one too, but is not offered: the
 * rule never offers a receipt the server would refuse (409).
 */
export function hasReceipt(transaction: Pick<Transaction, "type" | "status">): boolean {
  return transaction.type === "send" || transaction.status === "completed";
}

/**
 * "Download receipt": the transaction, and the balance right after it, signed with the bank's key
 * (docs/proof-of-reserves.md, "Receipts"), saved as a file the customer keeps and checks with
 * `npx satsbank-verify receipt`. A plain link: the server answers it as an attachment.
 */
export function DownloadReceipt({ transaction }: { transaction: Pick<Transaction, "id"> }) {
  return (
    <Button asChild variant="outline">
      <a
        href={apiPaths.transactions.receipt(transaction.id)}
        download={`satsbank-receipt-${transaction.id}.json`}
      >
        <Download aria-hidden="true" />
        Download receipt
      </a>
    </Button>
  );
}
