import type { ExternalWallet, WalletProvider } from "@satsbank/shared";
import { CircleCheck, LoaderCircle } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { providerIconClassName } from "../lib/provider-look";

/** Where one card is: idle (Connect), connecting (spinner, button off), connected (green check, button off). */
export type WalletCardState = "idle" | "connecting" | "connected";

export interface WalletProviderCardProps {
  provider: WalletProvider;
  state: WalletCardState;
  /** The connected wallet, on the connected card: its address, and Disconnect. */
  wallet?: ExternalWallet | undefined;
  onConnect: () => void;
  onDisconnect: () => void;
  disconnecting?: boolean;
}

/** One wallet provider option: its icon letter in its colour, name, description and connect button. */
export function WalletProviderCard({
  provider,
  state,
  wallet,
  onConnect,
  onDisconnect,
  disconnecting = false,
}: WalletProviderCardProps) {
  const nameId = useId();
  const connected = state === "connected";
  return (
    <article
      aria-labelledby={nameId}
      data-state={state}
      className="flex flex-col gap-3 rounded-2xl border bg-card p-4 text-card-foreground shadow-sm"
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className={cn(
            "flex size-11 shrink-0 items-center justify-center rounded-xl text-lg font-bold",
            providerIconClassName[provider.id],
          )}
        >
          {provider.iconLetter}
        </span>
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="flex items-center gap-1.5">
            <h2 id={nameId} className="font-semibold">
              {provider.name}
            </h2>
            {connected && (
              <CircleCheck
                className="size-4 shrink-0 text-success-strong"
                role="img"
                aria-label="Connected"
              />
            )}
          </div>
          <p className="text-sm text-muted-foreground">{provider.description}</p>
        </div>
        <Button
          size="sm"
          variant={connected ? "outline" : "default"}
          disabled={state !== "idle"}
          onClick={onConnect}
          className="min-w-28"
        >
          {state === "connecting" && (
            <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          )}
          {state === "connected" && <CircleCheck className="text-success-strong" aria-hidden="true" />}
          {state === "idle" ? "Connect" : state === "connecting" ? "Connecting..." : "Connected"}
          <span className="sr-only"> {provider.name}</span>
        </Button>
      </div>
      {connected && wallet && (
        <div className="flex items-center justify-between gap-3 border-t pt-3">
          <p className="min-w-0 text-sm">
            <span className="text-muted-foreground">Address </span>
            <span className="break-all font-mono text-xs">{wallet.address}</span>
          </p>
          <Button variant="ghost" size="sm" onClick={onDisconnect} disabled={disconnecting}>
            {disconnecting ? "Disconnecting..." : "Disconnect"}
            <span className="sr-only"> {provider.name}</span>
          </Button>
        </div>
      )}
    </article>
  );
}
