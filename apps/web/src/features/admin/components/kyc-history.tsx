import { customerKycStatusLabels, type KycHistoryEntry, type KycItemStatus } from "@satsbank/shared";
import { adminTimeText } from "../lib/admin-time";

const ITEM_LABELS = { identity: "Identity", address: "Address", enhanced: "Enhanced" } as const;

/** "not submitted": a status inside the sentence, in the words of the staff's KYC badges. */
const statusWord = (status: KycItemStatus) => customerKycStatusLabels[status].toLowerCase();

function actorText(entry: KycHistoryEntry): string {
  if (entry.actor === "staff") return entry.staff ? entry.staff.name : "staff";
  return entry.actor === "automated" ? "the automated review" : "the customer";
}

/** Every change of the submission's items, oldest first: who moved which item from what to what, and why. */
export function KycHistory({ entries }: { entries: readonly KycHistoryEntry[] }) {
  return (
    <ol className="flex flex-col gap-2 text-sm">
      {entries.map((entry) => (
        <li key={`${entry.item}-${entry.at}-${entry.to}`} className="flex flex-col gap-0.5 border-l-2 pl-3">
          <span>
            <time dateTime={entry.at} className="text-muted-foreground">
              {adminTimeText(entry.at)}
            </time>
            {` · ${ITEM_LABELS[entry.item]}: ${statusWord(entry.from)} to ${statusWord(entry.to)}, by ${actorText(entry)}`}
          </span>
          {entry.reason && <span className="text-muted-foreground">{`Reason: ${entry.reason}`}</span>}
        </li>
      ))}
    </ol>
  );
}
