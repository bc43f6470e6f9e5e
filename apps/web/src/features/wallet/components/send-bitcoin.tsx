import { LoadError } from "@/components/load-error";
import { Spinner } from "@/components/ui/spinner";
import { useWalletSummary } from "../api/get-wallet-summary";
import type { SendLinkValues } from "../lib/send-link";
import type { OwnWallet } from "./own-wallet-button";
import { SendForm } from "./send-form";
import type { VerifyLink } from "./verify-to-send-notice";

/**
 * The send screen's content: the form once the balance (what may be sent) is known. `blocked` keeps
 * Continue off for a reason the screen shows itself (an unconfirmed email address); `verifyLink` is where
 * an unverified customer is sent to verify; `ownWallet` the customer's connected wallet, one tap away;
 * `initial` what a payment link filled in.
 */
export function SendBitcoin({
  blocked = false,
  verifyLink,
  ownWallet,
  initial,
}: {
  blocked?: boolean;
  verifyLink?: VerifyLink | undefined;
  ownWallet?: OwnWallet | undefined;
  initial?: SendLinkValues | undefined;
}) {
  const summary = useWalletSummary();
  if (summary.data) {
    return (
      <SendForm
        summary={summary.data}
        blocked={blocked}
        verifyLink={verifyLink}
        ownWallet={ownWallet}
        initial={initial}
      />
    );
  }
  if (summary.isError) {
    return <LoadError message="Your balance could not be loaded." onRetry={() => void summary.refetch()} />;
  }
  return <Spinner label="Loading your balance" />;
}
