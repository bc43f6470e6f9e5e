import { LoadError } from "@/components/load-error";
import { LoginHistoryTable } from "@/components/login-history/login-history-table";
import { Spinner } from "@/components/ui/spinner";
import { useCustomerDetails } from "../api/get-customer-details";
import { AdminTransactionsTable } from "./admin-transactions-table";
import { AuditEventsTable } from "./audit-events-table";
import { DetailsSection } from "./details-section";
import { UserDetailsKyc } from "./user-details-kyc";
import { UserDetailsPasskeys } from "./user-details-passkeys";
import { UserDetailsProfile } from "./user-details-profile";
import { UserDetailsStatement } from "./user-details-statement";

/** User Details: profile and balance, KYC with the documents, recent transactions, logins, passkeys, staff actions. */
export function UserDetails({ userId }: { userId: string }) {
  const details = useCustomerDetails(userId);
  if (details.isPending) return <Spinner label="Loading user details" />;
  if (details.isError) {
    return (
      <LoadError message="The user's details could not be loaded." onRetry={() => void details.refetch()} />
    );
  }
  const { customer, kyc, recentTransactions, loginHistory, passkeys, auditEvents } = details.data;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <UserDetailsProfile customer={customer} kycLevel={kyc.level} />
      <UserDetailsKyc items={kyc.items} />
      <DetailsSection title="Recent transactions">
        {recentTransactions.length > 0 ? (
          <AdminTransactionsTable
            transactions={recentTransactions}
            label="Recent transactions"
            showUser={false}
          />
        ) : (
          <p className="text-sm text-muted-foreground">No transactions yet</p>
        )}
      </DetailsSection>
      <UserDetailsStatement userId={customer.id} />
      <DetailsSection title="Login history">
        {loginHistory.length > 0 ? (
          <LoginHistoryTable entries={loginHistory} scrollLabel="Login history table" />
        ) : (
          <p className="text-sm text-muted-foreground">No sign-ins yet</p>
        )}
      </DetailsSection>
      <UserDetailsPasskeys passkeys={passkeys} />
      <DetailsSection title="Staff actions">
        {auditEvents.length > 0 ? (
          <AuditEventsTable
            events={auditEvents}
            label="Staff actions about this customer"
            showCustomer={false}
          />
        ) : (
          <p className="text-sm text-muted-foreground">No staff actions yet</p>
        )}
      </DetailsSection>
    </div>
  );
}
