import { type AdminWithdrawal, approvalsFilterLabels, withdrawalReviewReasonLabels } from "@satsbank/shared";
import { useId } from "react";
import { btcText } from "@/lib/money-text";
import { adminTimeText } from "../lib/admin-time";
import { approvalsOf, approvalsText } from "../lib/withdrawal-text";
import { CopyableText } from "./copyable-text";
import { DetailsSection, Fact } from "./details-section";
import { StatusPill } from "./status-pill";
import { WithdrawalContext } from "./withdrawal-context";
import { WithdrawalDecision } from "./withdrawal-decision";

const TIME = (at: string) => <time dateTime={at}>{adminTimeText(at)}</time>;

/** Who decided, and how: "Admin approved", "Approver rejected: <reason>". */
function Decisions({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  return (
    <DetailsSection title="Decisions" label={`Decisions: ${withdrawal.customer.name}`}>
      {withdrawal.decisions.length > 0 ? (
        <ol className="flex flex-col gap-2">
          {withdrawal.decisions.map((decision) => (
            <li
              key={decision.staff.id}
              className="rounded-xl border-l-4 border-brand bg-muted px-4 py-2 text-sm"
            >
              <span className="font-medium">{`${decision.staff.name} ${decision.decision}`}</span>
              {" · "}
              {TIME(decision.createdAt)}
              {decision.reason && <span className="block break-words">{`Reason: ${decision.reason}`}</span>}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">No decisions yet</p>
      )}
    </DetailsSection>
  );
}

/**
 * One withdrawal of the Approvals queue: the customer, amount and fee, the address, why it waits and the
 * approvals so far; who decided; the customer's context; and the decision while it waits for approval.
 */
export function WithdrawalCard({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const titleId = useId();
  const { customer } = withdrawal;
  const awaiting = withdrawal.status === "awaiting_approval";
  return (
    <article
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-5 rounded-2xl border bg-card p-4 sm:p-6"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold">
            {customer.name}
          </h2>
          <p className="text-sm break-words text-muted-foreground">{`@${customer.username} · ${customer.email}`}</p>
        </div>
        <StatusPill tone="warning">
          {awaiting ? approvalsFilterLabels.awaiting_approval : approvalsFilterLabels.held}
        </StatusPill>
      </header>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
        <Fact term="Amount">
          <span className="font-semibold tabular-nums">{btcText(BigInt(withdrawal.amountSats))}</span>
        </Fact>
        <Fact term="Fee">
          <span className="tabular-nums">{btcText(BigInt(withdrawal.feeSats))}</span>
        </Fact>
        <Fact term="Address">
          <CopyableText value={withdrawal.address} noun="address" />
        </Fact>
        <Fact term="Requested">{TIME(withdrawal.createdAt)}</Fact>
        {withdrawal.reviewReason && (
          <Fact term="Why it is reviewed">{withdrawalReviewReasonLabels[withdrawal.reviewReason]}</Fact>
        )}
        {withdrawal.approvalsNeeded > 0 && (
          <Fact term="Approvals">{approvalsText(approvalsOf(withdrawal), withdrawal.approvalsNeeded)}</Fact>
        )}
        {withdrawal.heldUntil && <Fact term="Held until">{TIME(withdrawal.heldUntil)}</Fact>}
      </dl>
      {withdrawal.approvalsNeeded > 0 && <Decisions withdrawal={withdrawal} />}
      <WithdrawalContext withdrawal={withdrawal} />
      {awaiting ? (
        <WithdrawalDecision withdrawal={withdrawal} />
      ) : (
        withdrawal.approvalsNeeded > 0 && (
          <p className="text-sm text-muted-foreground">It waits for approval once its hold ends.</p>
        )
      )}
    </article>
  );
}
