import type { Passkey } from "@satsbank/shared";
import { ShieldAlert } from "lucide-react";
import { dateText, dateTimeText } from "@/lib/date-text";
import { DetailsSection } from "./details-section";

/** What staff read beside a blocked passkey: why it stopped, and what to look at. */
export const BLOCKED_PASSKEY_TEXT =
  "Blocked: its signature counter went backwards, so a copy of it may exist. Look at the customer's recent sign-ins and withdrawals.";

/**
 * User Details' passkeys: what signs the customer in and approves their withdrawals. A blocked one (its
 * counter went backwards) stands out, with what it means for staff.
 */
export function UserDetailsPasskeys({ passkeys }: { passkeys: readonly Passkey[] }) {
  return (
    <DetailsSection title="Passkeys">
      {passkeys.length === 0 ? (
        <p className="text-sm text-muted-foreground">No passkeys</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex min-w-0 flex-col gap-1 rounded-xl border px-3 py-2 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium break-words">{passkey.name}</span>
                <span className="text-muted-foreground">
                  {passkey.name === passkey.device ? "" : `${passkey.device} · `}
                  {passkey.synced ? "Synced" : "This device only"}
                </span>
              </p>
              <p className="text-muted-foreground">
                Added <time dateTime={passkey.createdAt}>{dateText(passkey.createdAt)}</time>
                {" · "}
                {passkey.lastUsedAt === null ? (
                  "Never used"
                ) : (
                  <>
                    Last used <time dateTime={passkey.lastUsedAt}>{dateTimeText(passkey.lastUsedAt)}</time>
                  </>
                )}
              </p>
              {passkey.flagged && (
                <p className="flex items-start gap-1.5 rounded-lg bg-destructive/10 px-2 py-1.5 text-destructive">
                  <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {BLOCKED_PASSKEY_TEXT}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </DetailsSection>
  );
}
