import type { SendQuote } from "@satsbank/shared";
import { Clock, ShieldCheck } from "lucide-react";
import { WarningNotice } from "@/components/warning-notice";
import { holdText, reviewText } from "../lib/withdrawal-wait";

/**
 * What a withdrawal will wait for once confirmed, said before "Confirm & Send": a hold (a first withdrawal
 * to this address), staff's review (one or two members of staff). Nothing for a send that waits for neither.
 */
export function WithdrawalWaitNotice({ wait }: { wait: SendQuote["withdrawal"] }) {
  if (wait === null) return null;
  const { holdHours, approvalsNeeded } = wait;
  return (
    <>
      {holdHours !== null && (
        <WarningNotice role="note" aria-label="Withdrawal hold" icon={Clock}>
          <p className="font-medium">{`Held for ${holdText(holdHours)}`}</p>
          <p>{`This is your first withdrawal to this address: it will be held for ${holdText(holdHours)} before it is sent. Until then you can cancel it from your history.`}</p>
        </WarningNotice>
      )}
      {approvalsNeeded > 0 && (
        <WarningNotice role="note" aria-label="Staff review" icon={ShieldCheck}>
          <p className="font-medium">Reviewed by our staff</p>
          {/* The hold's notice says already that it can be cancelled. */}
          <p>
            {holdHours === null
              ? `${reviewText(approvalsNeeded)} Until then you can cancel it from your history.`
              : reviewText(approvalsNeeded, "hold")}
          </p>
        </WarningNotice>
      )}
    </>
  );
}
