import { type BitcoinNetworkName, receiveMessages } from "@satsbank/shared";
import { Info } from "lucide-react";
import { useId } from "react";
import { Card, CardContent } from "@/components/ui/card";

/** How to pay the address, and what to expect afterwards. */
export function ReceiveInstructions({ network }: { network: BitcoinNetworkName }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardContent className="flex flex-col gap-4">
        <h2 id={headingId} className="text-base font-semibold">
          How to receive
        </h2>
        <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm marker:text-muted-foreground">
          <li>Scan the QR code with the wallet you are paying from, or copy the address into it.</li>
          <li>Send only Bitcoin to this address.</li>
          <li>
            The payment appears in your history as pending soon after it is sent, and is added to your balance
            once it confirms.
          </li>
        </ol>
        <div className="flex gap-3 rounded-xl bg-muted px-4 py-3 text-sm text-muted-foreground">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <ul className="flex flex-col gap-1.5">
            <li className="font-medium text-foreground">{receiveMessages.confirmationTime}</li>
            <li>
              After each payment you get a new address here. Earlier addresses stay yours and still work.
            </li>
            {network !== "mainnet" && (
              <li>{`This is a ${network} address, for testing: never send real Bitcoin to it.`}</li>
            )}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
