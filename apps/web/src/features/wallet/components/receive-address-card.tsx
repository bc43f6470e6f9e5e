import type { ReceiveInfo } from "@satsbank/shared";
import { useId } from "react";
import { QrCode } from "@/components/qr-code";
import { Card, CardContent } from "@/components/ui/card";
import { ReceiveActions } from "./receive-actions";

const testNetworkNames = { testnet: "Testnet", signet: "Signet", regtest: "Regtest" } as const;

/** The current deposit address: its QR code (the BIP21 URI), the address as text, Copy and Share. */
export function ReceiveAddressCard({ info }: { info: ReceiveInfo }) {
  const headingId = useId();
  const addressId = useId();
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
          value={info.uri}
          alt="QR code of your Bitcoin address"
          describedBy={addressId}
          className="size-56"
        />
        <p
          id={addressId}
          className="w-full rounded-xl bg-muted px-4 py-3 text-center font-mono text-sm leading-relaxed break-all select-all"
        >
          {info.address}
        </p>
        <ReceiveActions address={info.address} />
      </CardContent>
    </Card>
  );
}
