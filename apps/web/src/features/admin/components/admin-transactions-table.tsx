import { type AdminTransaction, adminTransactionTypeLabels, formatBtc } from "@satsbank/shared";
import { TransactionStatusLabel } from "@/components/transaction-status-label";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { cn } from "@/lib/cn";
import { adminTimeText } from "../lib/admin-time";
import { CopyableText } from "./copyable-text";

/** The specification's columns of Transaction History, in its order. */
const HEADERS = [
  "Transaction ID",
  "Type",
  "Amount",
  "User",
  "Date & Time",
  "Address",
  "Status",
  "Fee",
] as const;

/** A transfer between customers has no address: the other customer instead. */
function TransferPeer({ transaction }: { transaction: AdminTransaction }) {
  const { username, name } = transaction.counterparty;
  const direction = transaction.type === "send" ? "Transfer to" : "Transfer from";
  return (
    <span className="text-xs text-muted-foreground">
      {username ? `${direction} @${username}` : name ? `${direction} ${name}` : "Internal transfer"}
    </span>
  );
}

export interface AdminTransactionsTableProps {
  transactions: readonly AdminTransaction[];
  /** The table's caption (read by screen readers) and its scroll region's name. */
  label: string;
  stale?: boolean;
  /** The User column; left out where every row is one customer's (User Details). */
  showUser?: boolean;
}

/**
 * Staff's view of transactions: one customer's side of each movement, amounts and fees in BTC (8 decimals).
 * Transaction IDs are cut in the middle like addresses (whole on hover, to screen readers and when copied),
 * so all eight columns fit a laptop's width.
 */
export function AdminTransactionsTable({
  transactions,
  label,
  stale,
  showUser = true,
}: AdminTransactionsTableProps) {
  const headers = showUser ? HEADERS : HEADERS.filter((header) => header !== "User");
  return (
    <Table scrollLabel={`${label} table`} className={cn(stale && "opacity-60")}>
      <TableCaption className="sr-only">{label}</TableCaption>
      <TableHeader>
        <TableRow>
          {headers.map((header) => (
            <TableHead
              key={header}
              scope="col"
              className={header === "Amount" || header === "Fee" ? "text-right" : undefined}
            >
              {header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {transactions.map((transaction) => (
          <TableRow key={transaction.id}>
            <TableCell>
              <CopyableText value={transaction.id} noun="transaction ID" head={8} tail={4} />
            </TableCell>
            <TableCell>{adminTransactionTypeLabels[transaction.type]}</TableCell>
            <TableCell className="text-right font-mono tabular-nums">
              {`${formatBtc(BigInt(transaction.amountSats))} BTC`}
            </TableCell>
            {showUser && (
              <TableCell>
                <span className="block font-medium">{transaction.user.name}</span>
                <span className="block text-xs text-muted-foreground">{`@${transaction.user.username}`}</span>
              </TableCell>
            )}
            <TableCell>
              <time dateTime={transaction.createdAt}>{adminTimeText(transaction.createdAt)}</time>
            </TableCell>
            <TableCell>
              {transaction.address ? (
                <CopyableText value={transaction.address} noun="address" />
              ) : (
                <TransferPeer transaction={transaction} />
              )}
            </TableCell>
            <TableCell>
              <TransactionStatusLabel status={transaction.status} />
            </TableCell>
            <TableCell className="text-right font-mono tabular-nums">
              {`${formatBtc(BigInt(transaction.feeSats))} BTC`}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
