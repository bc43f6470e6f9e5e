import type { Payee } from "@satsbank/shared";
import { useRecentPayees } from "../api/get-recent-payees";

/**
 * The customers the customer sent to last, one tap each: the username goes into the Recipient field.
 * Nothing shows before the first send, or when the list could not be loaded (typing still works).
 */
export function RecentPayees({ onPick }: { onPick: (payee: Payee) => void }) {
  const { data } = useRecentPayees();
  if (!data || data.payees.length === 0) return null;
  return (
    <fieldset className="-mt-2 flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-xs font-medium text-muted-foreground">Recent</legend>
      <ul className="flex flex-wrap gap-2">
        {data.payees.map((payee) => (
          <li key={payee.username} className="min-w-0">
            <button
              type="button"
              onClick={() => onPick(payee)}
              className="flex max-w-full flex-col items-start rounded-xl border bg-card px-3 py-1.5 text-left text-sm outline-none transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="max-w-full truncate font-medium">{payee.name}</span>
              <span className="max-w-full truncate text-xs text-muted-foreground">{payee.username}</span>
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
