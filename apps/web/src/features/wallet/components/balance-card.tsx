import { DEPOSIT_ON_HOLD_TEXT, type Price, type WalletSummary } from "@satsbank/shared";
import { useIsFetching, useQueryClient } from "@tanstack/react-query";
import { Clock, RefreshCw } from "lucide-react";
import { useId } from "react";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { dateTimeText } from "@/lib/date-text";
import { btcText, usdText } from "@/lib/money-text";
import { queryKeys } from "@/lib/query-keys";
import { useWalletSummary } from "../api/get-wallet-summary";

export interface BalanceCardProps {
  /** Shows the "Refresh balance" button (the wallet screen). */
  refreshable?: boolean;
  className?: string;
}

/** "Price as of Apr 17, 2025 14:05": shown only when the price provider could not be reached. */
function StalePrice({ price }: { price: Price }) {
  if (!price.stale) return null;
  return <p className="mt-1 text-xs text-muted-foreground">{`Price as of ${dateTimeText(price.asOf)}`}</p>;
}

/**
 * What a reorganisation took back from the balance: held, not spendable and not in the balance above, until
 * the deposit confirms again or the bank resolves it.
 */
function OnHold({ sats }: { sats: bigint }) {
  if (sats <= 0n) return null;
  return (
    <p className="mt-3 flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
      <Clock className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <span>
        <span className="block">{DEPOSIT_ON_HOLD_TEXT}</span>
        <span className="block font-semibold tabular-nums">{btcText(sats)}</span>
      </span>
    </p>
  );
}

function Figures({ summary }: { summary: WalletSummary }) {
  const balance = BigInt(summary.balanceSats);
  const usd = usdText(balance, summary.price);
  return (
    <>
      <p className="mt-2 text-3xl font-bold tracking-tight tabular-nums">{btcText(balance)}</p>
      <p className="mt-1 text-sm text-muted-foreground tabular-nums">
        {/* "≈" is read out inconsistently; screen readers hear "About $316.23". */}
        <span aria-hidden="true">{`≈ ${usd}`}</span>
        <span className="sr-only">{`About ${usd}`}</span>
      </p>
      <StalePrice price={summary.price} />
      <OnHold sats={BigInt(summary.onHoldSats)} />
    </>
  );
}

/** The customer's BTC balance (8 decimals) with its USD estimate. Used by the dashboard and the wallet. */
export function BalanceCard({ refreshable = false, className }: BalanceCardProps) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const summary = useWalletSummary();
  const refreshing = summary.isFetching;
  // "Refresh balance" refreshes the transactions beside it too (Recent Activity), so the two agree.
  const listRefreshing = useIsFetching({ queryKey: queryKeys.transactions.all }) > 0;
  const refresh = () => {
    // A click while a request is under way waits for it rather than starting another.
    void summary.refetch({ cancelRefetch: false });
    void queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all }, { cancelRefetch: false });
  };

  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      aria-busy={refreshing || undefined}
      className={cn("bg-accent", className)}
    >
      <CardContent>
        <div className="flex items-start justify-between gap-3">
          <h2 id={headingId} className="text-sm font-medium text-muted-foreground">
            Total Balance
          </h2>
          {refreshable && (
            <Button
              variant="ghost"
              size="icon"
              aria-label="Refresh balance"
              className="-mt-2.5 -mr-2.5 text-muted-foreground"
              onClick={refresh}
            >
              <RefreshCw
                aria-hidden="true"
                className={cn(
                  "size-5",
                  (refreshing || listRefreshing) && "animate-spin motion-reduce:animate-none",
                )}
              />
            </Button>
          )}
        </div>
        {summary.data ? (
          <Figures summary={summary.data} />
        ) : summary.isError ? (
          <LoadError
            message="Your balance could not be loaded."
            onRetry={() => void summary.refetch()}
            className="mt-2"
          />
        ) : (
          <div role="status" className="mt-2">
            <span aria-hidden="true" className="block h-9 w-48 animate-pulse rounded-lg bg-muted" />
            <span aria-hidden="true" className="mt-2 block h-4 w-20 animate-pulse rounded bg-muted" />
            <span className="sr-only">Loading balance</span>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
