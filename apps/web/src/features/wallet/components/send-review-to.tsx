import type { Payee, SendQuote } from "@satsbank/shared";
import { cn } from "@/lib/cn";

/**
 * An address in full: monospace, breaking anywhere, and selectable on its own (the screen reader's name
 * sits outside it, so a copy takes the address alone).
 */
function AddressText({ address, className }: { address: string; className?: string }) {
  return (
    <>
      <span className="sr-only">Bitcoin address </span>
      <span className={cn("font-mono break-all select-all", className)}>{address}</span>
    </>
  );
}

function PayeeText({ payee, address }: { payee: Payee; address: string | null }) {
  return (
    <span className="flex flex-col items-end">
      <span className="font-medium">{payee.name}</span>
      <span className="text-sm text-muted-foreground">{payee.username}</span>
      {address && <AddressText address={address} className="text-xs text-muted-foreground" />}
    </span>
  );
}

/**
 * Where the quoted send goes, for the review's "To" row: the payee of a transfer (with their deposit
 * address when the recipient was one), or the outside address of a withdrawal.
 */
export function SendReviewTo({ quote }: { quote: SendQuote }) {
  const { payee, address } = quote;
  if (quote.kind === "transfer" && payee) return <PayeeText payee={payee} address={address} />;
  if (!address) return null;
  return (
    <span className="flex flex-col items-end">
      <AddressText address={address} className="text-sm" />
    </span>
  );
}
