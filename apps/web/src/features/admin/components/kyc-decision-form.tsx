import { zodResolver } from "@hookform/resolvers/zod";
import {
  adminMessages,
  type KycDecisionBody,
  type KycReview,
  kycDecisionBodySchema,
  STATUS_REASON_MAX_LENGTH,
} from "@satsbank/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormAlert } from "@/components/form-alert";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { notify } from "@/lib/notify";
import { useFormAlert } from "@/lib/use-form-alert";
import { useDecideKycSubmission } from "../api/decide-kyc-submission";
import { DetailsSection } from "./details-section";

type Decision = KycDecisionBody["decision"];
const reasonSchema = kycDecisionBodySchema.pick({ reason: true });
type ReasonValues = { reason?: string | undefined };

const DONE = { approve: "Submission approved", reject: "Submission rejected" } as const;

/**
 * Approve or reject, with the reason the customer reads. Rejecting needs a reason; so does overriding an
 * automated decision (a decided submission offers only the other decision).
 */
export function KycDecisionForm({ review }: { review: KycReview }) {
  const decide = useDecideKycSubmission();
  const override = review.status !== "pending";
  const decisions: Decision[] = override
    ? [review.status === "approved" ? "reject" : "approve"]
    : ["approve", "reject"];
  const [pending, setPending] = useState<Decision>();
  const form = useForm<ReasonValues>({ resolver: zodResolver(reasonSchema), defaultValues: { reason: "" } });
  const alert = useFormAlert(form.setError, ["reason"]);

  function submit(decision: Decision) {
    void form.handleSubmit((values) => {
      const reason = values.reason?.trim() ?? "";
      if (!reason && (override || decision === "reject")) {
        form.setError(
          "reason",
          { type: "required", message: adminMessages.reasonRequired },
          { shouldFocus: true },
        );
        return;
      }
      alert.clear();
      setPending(decision);
      // Not mutate's callbacks: the decided submission leaves the list when the queue is asked again, so
      // this card unmounts before they would run, and React Query skips an unmounted observer's callbacks
      // (the toast never showed). mutateAsync's promise settles whatever is still mounted.
      void decide
        .mutateAsync({ submissionId: review.id, decision, ...(reason ? { reason } : {}) })
        .then(
          () => notify.success(DONE[decision], `${review.customer.name} is told.`),
          (error: unknown) => {
            alert.show(error);
          },
        )
        .finally(() => setPending(undefined));
    })();
  }

  const title = override ? "Override the automated decision" : "Decision";
  return (
    <DetailsSection title={title} label={`${title} for ${review.customer.name}`}>
      <form noValidate onSubmit={(event) => event.preventDefault()} className="flex max-w-2xl flex-col gap-4">
        <FormAlert>{alert.text}</FormAlert>
        <FormField
          label="Reason"
          hint={
            override
              ? "Required to override the automated decision. The customer reads it."
              : "Required to reject; optional to approve. The customer reads it."
          }
          error={form.formState.errors.reason?.message}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              maxLength={STATUS_REASON_MAX_LENGTH}
              className="min-h-0"
              {...form.register("reason")}
            />
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          {decisions.includes("approve") && (
            <Button onClick={() => submit("approve")} disabled={decide.isPending}>
              {pending === "approve" ? "Approving..." : "Approve"}
              <span className="sr-only">{` ${review.customer.name}`}</span>
            </Button>
          )}
          {decisions.includes("reject") && (
            <Button variant="destructive" onClick={() => submit("reject")} disabled={decide.isPending}>
              {pending === "reject" ? "Rejecting..." : "Reject"}
              <span className="sr-only">{` ${review.customer.name}`}</span>
            </Button>
          )}
        </div>
      </form>
    </DetailsSection>
  );
}
