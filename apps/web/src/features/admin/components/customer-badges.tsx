import {
  type CustomerKycStatus,
  type CustomerStatus,
  customerKycStatusLabels,
  customerStatusLabels,
} from "@satsbank/shared";
import { StatusPill } from "./status-pill";

const KYC_TONES = {
  verified: "success",
  pending: "warning",
  required: "neutral",
  rejected: "danger",
} as const satisfies Record<CustomerKycStatus, string>;

export function CustomerKycBadge({ status }: { status: CustomerKycStatus }) {
  return <StatusPill tone={KYC_TONES[status]}>{customerKycStatusLabels[status]}</StatusPill>;
}

export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  return (
    <StatusPill tone={status === "active" ? "success" : "danger"}>{customerStatusLabels[status]}</StatusPill>
  );
}
