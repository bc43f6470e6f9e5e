import { type AdminWithdrawal, passkeyMessages } from "@satsbank/shared";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { notify } from "@/lib/notify";
import { isPasskeyCancelled, passkeyErrorText } from "@/lib/passkey";
import { useApproveWithdrawal } from "../api/approve-withdrawal";
import { useAdminMe } from "../api/get-admin-me";
import { approvalsText } from "../lib/withdrawal-text";
import { DetailsSection } from "./details-section";
import { RejectWithdrawalDialog } from "./reject-withdrawal-dialog";

/**
 * Approve, or Reject with a reason, a withdrawal waiting for approval. One decision per member of staff:
 * who approved already waits for a second person (four eyes). A refusal (decided meanwhile) is the
 * server's words in a destructive toast, and the queue is asked again. Staff with a passkey confirm the
 * approval on their device (step-up); a cancelled passkey dialog approves nothing.
 */
export function WithdrawalDecision({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const me = useAdminMe();
  const [approving, setApproving] = useState(false);
  const approve = useApproveWithdrawal(setApproving);
  const { name } = withdrawal.customer;
  const mine = withdrawal.decisions.find((decision) => decision.staff.id === me.data?.staff.id);

  function approveIt() {
    // Not mutate's callbacks: an approved withdrawal leaves the queue when it is asked again, and this card
    // with it; mutateAsync's promise settles regardless.
    void approve.mutateAsync(withdrawal.id).then(
      ({ withdrawal: now }) => {
        if (now.status === "queued")
          notify.success("Withdrawal approved", "It is queued for the next payout.");
        else {
          notify.success(
            "Approval recorded",
            `${approvalsText(now.approvals, now.approvalsNeeded)}: another member of staff must approve it too.`,
          );
        }
      },
      (error: unknown) =>
        notify.error(
          "Withdrawal not approved",
          isPasskeyCancelled(error)
            ? `${passkeyErrorText(error)}. Nothing was approved.`
            : passkeyErrorText(error),
        ),
    );
  }

  return (
    <DetailsSection title="Decision" label={`Decision for ${name}`}>
      {mine ? (
        <p className="text-sm">
          {`You ${mine.decision} this withdrawal: a second approval must come from another member of staff.`}
        </p>
      ) : (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <Button onClick={approveIt} disabled={approve.isPending}>
              {approving ? "Approve on your device..." : approve.isPending ? "Approving..." : "Approve"}
              <span className="sr-only">{` the withdrawal of ${name}`}</span>
            </Button>
            <RejectWithdrawalDialog withdrawal={withdrawal} disabled={approve.isPending} />
          </div>
          <p role="status" className="text-sm font-medium empty:hidden">
            {approving ? passkeyMessages.stepUpRequired : ""}
          </p>
        </div>
      )}
    </DetailsSection>
  );
}
