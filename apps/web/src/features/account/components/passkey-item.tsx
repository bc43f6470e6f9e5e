import { type Passkey, passkeyMessages } from "@satsbank/shared";
import { ShieldAlert } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { dateText, dateTimeText } from "@/lib/date-text";
import type { FreshProofGate } from "../lib/fresh-proof";
import { RemovePasskeyDialog } from "./remove-passkey-dialog";
import { RenamePasskeyForm } from "./rename-passkey-form";

export interface PasskeyItemProps {
  passkey: Passkey;
  /** The only passkey: removing it turns passkeys off for the account. */
  last: boolean;
  gate: FreshProofGate;
}

/**
 * One passkey: its name, the device that made it, synced or on this device only, when it was added and
 * last used; a blocked one says so and why. Rename edits the name in place; Remove asks first.
 */
export function PasskeyItem({ passkey, last, gate }: PasskeyItemProps) {
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const nameId = useId();
  const blockedId = useId();

  return (
    <li
      aria-labelledby={nameId}
      aria-describedby={passkey.flagged ? blockedId : undefined}
      className="flex flex-col gap-2 rounded-xl border bg-card px-3 py-3"
    >
      {renaming ? (
        <RenamePasskeyForm passkey={passkey} onDone={() => setRenaming(false)} />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={nameId} className="min-w-0 font-semibold break-words">
            {passkey.name}
          </h3>
          {passkey.flagged && (
            <span className="inline-flex items-center gap-1 rounded-full bg-destructive/10 px-2 py-0.5 text-xs font-semibold text-destructive">
              <ShieldAlert className="size-3.5" aria-hidden="true" />
              Blocked
            </span>
          )}
        </div>
      )}
      <p className="text-sm text-muted-foreground">
        {/* Named after its device (no name given): the device is said once, in the name. */}
        {passkey.name === passkey.device ? "" : `${passkey.device} · `}
        {passkey.synced ? "Synced" : "This device only"}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-muted-foreground">Added</dt>
        <dd>
          <time dateTime={passkey.createdAt}>{dateText(passkey.createdAt)}</time>
        </dd>
        <dt className="text-muted-foreground">Last used</dt>
        <dd>
          {passkey.lastUsedAt ? (
            <time dateTime={passkey.lastUsedAt}>{dateTimeText(passkey.lastUsedAt)}</time>
          ) : (
            "Never"
          )}
        </dd>
      </dl>
      {passkey.flagged && (
        <p id={blockedId} className="rounded-lg bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {passkeyMessages.flagged}
        </p>
      )}
      {!renaming && (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setRenaming(true)} disabled={removing}>
            Rename<span className="sr-only">{` ${passkey.name}`}</span>
          </Button>
          <RemovePasskeyDialog passkey={passkey} last={last} gate={gate} onBusyChange={setRemoving} />
        </div>
      )}
    </li>
  );
}
