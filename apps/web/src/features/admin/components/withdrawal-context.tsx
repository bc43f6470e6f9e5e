import type { AdminWithdrawal } from "@satsbank/shared";
import { formatDistanceStrict } from "date-fns";
import { LoginHistoryTable } from "@/components/login-history/login-history-table";
import { TransactionStatusLabel } from "@/components/transaction-status-label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { btcText } from "@/lib/money-text";
import { truncateMiddle } from "@/lib/truncate-middle";
import { adminDateText, adminTimeText } from "../lib/admin-time";
import { kycLevelText } from "../lib/kyc-level";
import { timesText } from "../lib/withdrawal-text";
import { DetailsSection, Fact } from "./details-section";

type Context = AdminWithdrawal["context"];

/** A payee's username, or an address cut in the middle on screen and read whole. */
function ToText({ to }: { to: string | null }) {
  if (to === null) return <>Unknown</>;
  const shown = truncateMiddle(to);
  if (shown === to) return <>{to}</>;
  return (
    <>
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{to}</span>
    </>
  );
}

function RecentSends({ sends, name }: { sends: Context["recentSends"]; name: string }) {
  if (sends.length === 0) return <p className="text-sm text-muted-foreground">No sends yet</p>;
  return (
    <Table scrollLabel={`Recent sends of ${name}`}>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Date & Time</TableHead>
          <TableHead scope="col">Amount</TableHead>
          <TableHead scope="col">To</TableHead>
          <TableHead scope="col">Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {sends.map((send) => (
          <TableRow key={send.id}>
            <TableCell>
              <time dateTime={send.createdAt}>{adminTimeText(send.createdAt)}</time>
            </TableCell>
            <TableCell className="tabular-nums">{btcText(BigInt(send.amountSats))}</TableCell>
            <TableCell className="font-mono text-xs">
              <ToText to={send.to} />
            </TableCell>
            <TableCell>
              <TransactionStatusLabel status={send.status} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * What staff weigh before deciding: who the customer is (verification, how long with the bank), how they
 * usually send, where they signed in from, and whether this address was paid before, by them or by others.
 */
export function WithdrawalContext({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const { context, customer } = withdrawal;
  const { addressHistory } = context;
  return (
    <>
      <DetailsSection title="Customer and address" label={`Customer and address: ${customer.name}`}>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-xl border p-4 sm:grid-cols-2 lg:grid-cols-3">
          <Fact term="Verification level">{kycLevelText(context.kycLevel)}</Fact>
          <Fact term="Customer since">
            <time dateTime={context.accountCreatedAt}>{adminDateText(context.accountCreatedAt)}</time>
            {` (${formatDistanceStrict(new Date(context.accountCreatedAt), new Date())})`}
          </Fact>
          <Fact term="Address paid by this customer">{timesText(addressHistory.byCustomer)}</Fact>
          <Fact term="Address paid by other customers">{timesText(addressHistory.byOthers)}</Fact>
          <Fact term="Address first paid">
            {addressHistory.firstPaidAt ? (
              <time dateTime={addressHistory.firstPaidAt}>{adminTimeText(addressHistory.firstPaidAt)}</time>
            ) : (
              "Never: a new address"
            )}
          </Fact>
        </dl>
      </DetailsSection>
      <DetailsSection title="Recent sends" label={`Recent sends: ${customer.name}`}>
        <RecentSends sends={context.recentSends} name={customer.name} />
      </DetailsSection>
      <DetailsSection title="Recent sign-ins" label={`Recent sign-ins: ${customer.name}`}>
        {context.recentSignIns.length > 0 ? (
          <LoginHistoryTable
            entries={context.recentSignIns}
            scrollLabel={`Recent sign-ins of ${customer.name}`}
          />
        ) : (
          <p className="text-sm text-muted-foreground">No sign-ins yet</p>
        )}
      </DetailsSection>
    </>
  );
}
