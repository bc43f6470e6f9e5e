import { LoadError } from "@/components/load-error";
import { Spinner } from "@/components/ui/spinner";
import { useWalletSummary } from "../api/get-wallet-summary";
import { SendForm } from "./send-form";

/** The send screen's content: the form once the balance (what may be sent) is known. */
export function SendBitcoin() {
  const summary = useWalletSummary();
  if (summary.data) return <SendForm summary={summary.data} />;
  if (summary.isError) {
    return <LoadError message="Your balance could not be loaded." onRetry={() => void summary.refetch()} />;
  }
  return <Spinner label="Loading your balance" />;
}
