import { LoadError } from "@/components/load-error";
import { Spinner } from "@/components/ui/spinner";
import { useReceiveInfo } from "../api/get-receive-info";
import { usePaymentRequest } from "../lib/use-payment-request";
import { PaymentRequestForm } from "./payment-request-form";
import { ReceiveAddressCard } from "./receive-address-card";
import { ReceiveByUsername } from "./receive-by-username";
import { ReceiveInstructions } from "./receive-instructions";

/**
 * The receive screen's content: the deposit address with its QR code, a payment request (amount and label)
 * the QR code can hold, the username, the instructions.
 */
export function ReceiveBitcoin() {
  const receive = useReceiveInfo();
  const payment = usePaymentRequest();
  if (receive.data) {
    const info = receive.data;
    return (
      <div className="flex flex-col gap-5">
        <ReceiveAddressCard info={info} request={payment.request} />
        <PaymentRequestForm state={payment} username={info.username} />
        <ReceiveByUsername username={info.username} />
        <ReceiveInstructions network={info.network} />
      </div>
    );
  }
  if (receive.isError) {
    return (
      <LoadError message="Your Bitcoin address could not be loaded." onRetry={() => void receive.refetch()} />
    );
  }
  return <Spinner label="Loading your Bitcoin address" />;
}
