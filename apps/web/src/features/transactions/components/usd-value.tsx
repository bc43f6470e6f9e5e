import { usePrice } from "@/lib/api/wallet-summary";
import { cn } from "@/lib/cn";
import { usdText } from "@/lib/money-text";

/**
 * "≈ $42.39": an amount's value in US dollars at the current price, as the balance is (a history row; its
 * details add the price it recorded at the time: usd-then-and-now.tsx). Nothing until the price is known.
 */
export function UsdValue({ sats, className }: { sats: bigint; className?: string }) {
  const price = usePrice();
  if (!price) return null;
  return (
    <span
      className={cn("block text-xs text-muted-foreground", className)}
    >{`≈ ${usdText(sats, price)}`}</span>
  );
}
