import type { WithdrawalProgress } from "@satsbank/shared";
import { isCancellable, withdrawalStateText } from "../lib/withdrawal-state";

/**
 * Where a withdrawal stands, in the details: the state ("Held until Apr 18, 2025 14:05"), the reason staff
 * gave for a rejection, and, while it may still be cancelled, that it may.
 */
export function WithdrawalProgressText({ progress }: { progress: WithdrawalProgress }) {
  return (
    <span className="flex flex-col gap-0.5">
      <span className="font-medium">{withdrawalStateText(progress)}</span>
      {progress.state === "rejected" && progress.reason && <span>{`Reason: ${progress.reason}`}</span>}
      {progress.state === "awaiting_approval" && (
        <span className="text-muted-foreground">Our staff review it before it is sent.</span>
      )}
      {isCancellable({ withdrawal: progress }) && (
        <span className="text-muted-foreground">You can cancel it until it is sent.</span>
      )}
      {(progress.state === "cancelled" || progress.state === "rejected" || progress.state === "failed") && (
        <span className="text-muted-foreground">
          The amount and its network fee are back in your balance.
        </span>
      )}
    </span>
  );
}
