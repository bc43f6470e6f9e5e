import type { Transaction, TransactionStatus } from "@satsbank/shared";
import { ArrowDownLeft, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { btcText } from "@/lib/money-text";
import { useRecentTransactions } from "../api/list-transactions";
import { RECENT_TRANSACTIONS_LIMIT } from "./recent-transactions";

interface Moment {
  /** A new moment replays its entrance. */
  id: number;
  text: string;
}

/** "You received 0.00125000 BTC from bob": one arrival names its sender; several are added up. */
export function receivedText(arrived: readonly Pick<Transaction, "amountSats" | "counterparty">[]): string {
  const total = arrived.reduce((sum, t) => sum + BigInt(t.amountSats), 0n);
  const [only] = arrived;
  const from =
    arrived.length === 1 && only?.counterparty.username ? ` from ${only.counterparty.username}` : "";
  return `You received ${btcText(total)}${from}`;
}

/**
 * Receives that became money in the balance since `known` was taken: completed now, and not completed
 * (or not listed) then. Updates `known`.
 */
function newlyReceived(items: readonly Transaction[], known: Map<string, TransactionStatus>): Transaction[] {
  const arrived = items.filter(
    (t) => t.type === "receive" && t.status === "completed" && known.get(t.id) !== "completed",
  );
  for (const t of items) known.set(t.id, t.status);
  return arrived;
}

/**
 * The dashboard's "You received X" moment: when a payment becomes part of the balance while the screen is
 * open (a deposit credited, a transfer from another customer), a card says so until dismissed. Its words
 * are in a polite live region, so a screen reader hears them as the card appears; the card's entrance is
 * an animation only for those who allow motion. What was there when the screen opened is no news.
 */
export function ReceivedMoment() {
  const { data } = useRecentTransactions(RECENT_TRANSACTIONS_LIMIT);
  const known = useRef<Map<string, TransactionStatus> | null>(null);
  const [moment, setMoment] = useState<Moment | null>(null);

  useEffect(() => {
    if (data === undefined) return;
    if (known.current === null) {
      known.current = new Map(data.items.map((t) => [t.id, t.status]));
      return;
    }
    const arrived = newlyReceived(data.items, known.current);
    if (arrived.length > 0) setMoment((last) => ({ id: (last?.id ?? 0) + 1, text: receivedText(arrived) }));
  }, [data]);

  return (
    <>
      {/* Always there, so that what it gains is announced; out of the layout. */}
      <p role="status" className="sr-only">
        {moment ? `${moment.text}. It is in your balance.` : ""}
      </p>
      {moment && (
        <div
          key={moment.id}
          className="flex items-center gap-3 rounded-2xl border border-success/40 bg-success/10 px-4 py-3 motion-safe:animate-splash-in"
        >
          {/* The live region above says it to screen readers. */}
          <div aria-hidden="true" className="flex min-w-0 flex-1 items-center gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-success/15 text-success">
              <ArrowDownLeft className="size-4.5" />
            </span>
            <span className="min-w-0 text-sm">
              <span className="block font-semibold break-words tabular-nums">{moment.text}</span>
              <span className="block text-muted-foreground">It is in your balance.</span>
            </span>
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Dismiss: ${moment.text}`}
            className="-mr-2 shrink-0 text-muted-foreground"
            onClick={() => setMoment(null)}
          >
            <X aria-hidden="true" className="size-4" />
          </Button>
        </div>
      )}
    </>
  );
}
