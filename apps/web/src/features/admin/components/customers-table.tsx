import {
  type AdminCustomer,
  accountTypeLabels,
  type CustomerSort,
  formatBtc,
  type SortOrder,
} from "@satsbank/shared";
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
import { adminDateText } from "../lib/admin-time";
import { CustomerKycBadge, CustomerStatusBadge } from "./customer-badges";
import { CustomerStatusDialog } from "./customer-status-dialog";
import { EmailText } from "./email-text";
import { SortableHead } from "./sortable-head";
import { UserDetailsDialog } from "./user-details-dialog";

/** The sortable columns, in the specification's order, with their headers. */
const COLUMNS = [
  ["name", "Name"],
  ["email", "Email"],
  ["accountType", "Account Type"],
  ["kycStatus", "KYC Status"],
  ["joinedAt", "Join Date"],
  ["balance", "Balance (BTC)"],
  ["status", "Status"],
] as const satisfies readonly (readonly [CustomerSort, string])[];

export interface CustomersTableProps {
  customers: readonly AdminCustomer[];
  sort: CustomerSort;
  order: SortOrder;
  onSort: (column: CustomerSort) => void;
  /** The rows are the previous search's, shown until the new one arrives. */
  stale?: boolean;
}

/** Banking Customers: one row each, sortable by every column but Actions. */
export function CustomersTable({ customers, sort, order, onSort, stale }: CustomersTableProps) {
  return (
    <Table scrollLabel="Banking Customers table" className={cn(stale && "opacity-60")}>
      <TableCaption className="sr-only">Banking Customers</TableCaption>
      <TableHeader>
        <TableRow>
          {COLUMNS.map(([column, header]) => (
            <SortableHead
              key={column}
              order={sort === column ? order : null}
              onSort={() => onSort(column)}
              className={column === "balance" ? "text-right" : undefined}
            >
              {header}
            </SortableHead>
          ))}
          <TableHead scope="col">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {customers.map((customer) => (
          <TableRow key={customer.id}>
            {/* Names and addresses wrap within their columns (an address after its "@" or before a dot), so
                Actions stays in view at 1280 px. */}
            <TableCell className="max-w-48 min-w-32 font-medium break-words whitespace-normal">
              {customer.name}
            </TableCell>
            <TableCell className="max-w-56 min-w-36 break-words whitespace-normal">
              <EmailText email={customer.email} />
            </TableCell>
            <TableCell>{accountTypeLabels[customer.accountType]}</TableCell>
            <TableCell>
              <CustomerKycBadge status={customer.kycStatus} />
            </TableCell>
            <TableCell>
              <time dateTime={customer.joinedAt}>{adminDateText(customer.joinedAt)}</time>
            </TableCell>
            <TableCell className="text-right font-mono tabular-nums">
              {formatBtc(BigInt(customer.balanceSats))}
            </TableCell>
            <TableCell>
              <CustomerStatusBadge status={customer.status} />
            </TableCell>
            <TableCell>
              <div className="flex items-center gap-2">
                <UserDetailsDialog customer={customer} />
                <CustomerStatusDialog customer={customer} />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
