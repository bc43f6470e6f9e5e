import { accountTypeLabels, type CustomerDetails } from "@satsbank/shared";
import { btcText } from "@/lib/money-text";
import { adminDateText } from "../lib/admin-time";
import { kycLevelText } from "../lib/kyc-level";
import { CustomerKycBadge, CustomerStatusBadge } from "./customer-badges";
import { CustomerStatusDialog } from "./customer-status-dialog";
import { DetailsSection, Fact } from "./details-section";

export interface UserDetailsProfileProps {
  customer: CustomerDetails["customer"];
  kycLevel: number;
}

/** User Details' profile: who they are, their balance, their state; Deactivate or Reactivate. */
export function UserDetailsProfile({ customer, kycLevel }: UserDetailsProfileProps) {
  return (
    <DetailsSection title="Profile" actions={<CustomerStatusDialog customer={customer} />}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4">
        <Fact term="Name">{customer.name}</Fact>
        <Fact term="Email">
          {customer.email}
          <span className="block text-xs text-muted-foreground">
            {customer.emailVerified ? "Verified" : "Not verified"}
          </span>
        </Fact>
        <Fact term="Username">{customer.username}</Fact>
        <Fact term="Phone">{customer.phone ?? "Not given"}</Fact>
        <Fact term="Account Type">{accountTypeLabels[customer.accountType]}</Fact>
        <Fact term="Join Date">
          <time dateTime={customer.joinedAt}>{adminDateText(customer.joinedAt)}</time>
        </Fact>
        <Fact term="Status">
          <CustomerStatusBadge status={customer.status} />
        </Fact>
        <Fact term="Two-factor authentication">{customer.twoFactorEnabled ? "On" : "Off"}</Fact>
        <Fact term="Balance">
          <span className="font-mono text-base font-semibold tabular-nums">
            {btcText(BigInt(customer.balanceSats))}
          </span>
        </Fact>
        <Fact term="KYC Status">
          <CustomerKycBadge status={customer.kycStatus} />
        </Fact>
        <Fact term="Verification level">{kycLevelText(kycLevel)}</Fact>
        <Fact term="Customer ID">
          <span className="font-mono text-xs">{customer.id}</span>
        </Fact>
      </dl>
    </DetailsSection>
  );
}
