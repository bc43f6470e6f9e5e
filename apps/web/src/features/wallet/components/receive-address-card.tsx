import { paymentRequestUri, type ReceiveInfo } from "@satsbank/shared";
import { useId } from "react";
import { CopyButton } from "@/components/copy-button";
import { LabelEditor } from "@/components/label-editor";
import { QrCode } from "@/components/qr-code";
import { Card, CardContent } from "@/components/ui/card";
import { useSetAddressLabel } from "../api/set-address-label";
import type { RequestedPayment } from "../lib/use-payment-request";
import { ReceiveActions } from "./receive-actions";

const testNetworkNames = { testnet: "Testnet", signet: "Signet", regtest: "Regtest" } as const;

/** The customer's own label of the address (not the payment request's, which the payer's wallet reads). */
function AddressLabel({ info }: { info: ReceiveInfo }) {
  const setLabel = useSetAddressLabel(info.address);
  return (
    <div className="flex w-full flex-col gap-1 text-sm">
      <p className="text-xs font-medium text-muted-foreground">Your label for this address</p>
      <LabelEditor
        label={info.label}
        fieldLabel="Your label for this address"
        hint="Only you see it. Your BIP-329 labels export carries it."
        save={setLabel.mutateAsync}
      />
    </div>
  );
}

/**
 * The current deposit address: its QR code (the BIP21 URI), the address as text, Copy and Share. With an
 * amount or a label requested, the QR code holds the payment request, spelled out under it with its own
 * Copy. Under the address, the customer's own label of it.
 */
export function ReceiveAddressCard({ info, request }: { info: ReceiveInfo; request?: RequestedPayment }) {
  const headingId = useId();
  const addressId = useId();
  const requestId = useId();
  const requested = request !== undefined && (request.amountSats !== null || request.label !== "");
  const uri = requested ? paymentRequestUri({ address: info.address, ...request }) : info.uri;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardContent className="flex flex-col items-center gap-5">
        <div className="flex w-full items-center justify-between gap-3">
          <h2 id={headingId} className="text-base font-semibold">
            Your Bitcoin address
          </h2>
          {info.network !== "mainnet" && (
            <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-muted-foreground">
              {testNetworkNames[info.network]}
            </span>
          )}
        </div>
        <QrCode
          value={uri}
          alt={requested ? "QR code of your payment request" : "QR code of your Bitcoin address"}
          describedBy={requested ? requestId : addressId}
          className="size-56"
        />
        {requested && (
          <div className="flex w-full flex-col gap-1.5">
            <p className="text-sm font-medium">Payment request</p>
            <div className="flex items-start gap-2 rounded-xl border px-3 py-2">
              <p
                id={requestId}
                className="min-w-0 flex-1 font-mono text-xs leading-relaxed break-all select-all"
              >
                {uri}
              </p>
              <CopyButton value={uri} label="Copy payment request" copiedTitle="Payment request copied" />
            </div>
          </div>
        )}
        <p
          id={addressId}
          className="w-full rounded-xl bg-muted px-4 py-3 text-center font-mono text-sm leading-relaxed break-all select-all"
        >
          {info.address}
        </p>
        <AddressLabel info={info} />
        <ReceiveActions address={info.address} />
      </CardContent>
    </Card>
  );
}
