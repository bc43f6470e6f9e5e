import { formatUsdCents, type PriceAtTheTime, satsToUsdCents } from "@satsbank/shared";
import { usePrice } from "@/lib/api/wallet-summary";
import { usdText } from "@/lib/money-text";

/** "≈ $21.00 at the time": "≈" is read out inconsistently, so screen readers hear "About $21.00 at the time". */
function Approximately({ usd, when }: { usd: string; when: string }) {
  return (
    <span>
      <span aria-hidden="true">{`≈ ${usd} ${when}`}</span>
      <span className="sr-only">{`About ${usd} ${when}`}</span>
    </span>
  );
}

/**
 * An amount in US dollars in the details: "≈ $X at the time" (at the price the transaction recorded, when it
 * settled or else when it was made) beside "≈ $Y now" (today's price). Either is left out when its price is
 * not known; nothing at all without both.
 */
export function UsdThenAndNow({ sats, recorded }: { sats: bigint; recorded: PriceAtTheTime | null }) {
  const price = usePrice();
  const then = recorded && formatUsdCents(satsToUsdCents(sats, BigInt(recorded.usdCentsPerBtc)));
  const now = price && usdText(sats, price);
  if (!then && !now) return null;
  return (
    <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground tabular-nums">
      {then && <Approximately usd={then} when="at the time" />}
      {now && <Approximately usd={now} when="now" />}
    </span>
  );
}
