import { Link } from "react-router";
import { Button } from "@/components/ui/button";

export type StepActionsProps = (
  | { /** Where Back goes. */ backTo: string; onBack?: never }
  | { backTo?: never /** Back to another view of the same screen. */; onBack: () => void }
) & {
  /** The submit button's label: "Continue", "Submit Verification". */
  submitLabel: string;
  /** While the step's upload (or submission) runs: "Processing..." and the submit button off. */
  busy: boolean;
};

/**
 * A KYC step's Back and Continue, side by side; Continue submits the step's form. Back is as wide as its
 * word and the submit button takes the rest, its label wrapping on the narrowest phones: "Submit
 * Verification" ran out of a half-width button at 390 px.
 */
export function StepActions({ backTo, onBack, submitLabel, busy }: StepActionsProps) {
  return (
    <div className="grid grid-cols-[auto_1fr] gap-3">
      {backTo !== undefined ? (
        // Leaving while an upload runs is safe: the step's own follow-up (going on) is dropped with it.
        <Button asChild variant="outline" size="lg">
          <Link to={backTo}>Back</Link>
        </Button>
      ) : (
        <Button variant="outline" size="lg" onClick={onBack}>
          Back
        </Button>
      )}
      <Button
        type="submit"
        size="lg"
        disabled={busy}
        className="h-auto min-h-12 py-2 text-center whitespace-normal"
      >
        {busy ? "Processing..." : submitLabel}
      </Button>
    </div>
  );
}
