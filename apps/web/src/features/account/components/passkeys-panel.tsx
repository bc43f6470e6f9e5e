import type { PasskeyList } from "@satsbank/shared";
import type { UseQueryResult } from "@tanstack/react-query";
import { CloseDialogFooter } from "@/components/close-dialog-footer";
import { FormAlert } from "@/components/form-alert";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/form-errors";
import { passkeyPromptMessages } from "@/lib/passkey";
import type { FreshProofGate } from "../lib/fresh-proof";
import { AddPasskeyForm } from "./add-passkey-form";
import { PasskeyApprovalSetting } from "./passkey-approval-setting";
import { PasskeyItem } from "./passkey-item";

export interface PasskeysPanelProps {
  list: UseQueryResult<PasskeyList>;
  /** The browser can use passkeys: undefined while it is checked. */
  supported: boolean | undefined;
  gate: FreshProofGate;
}

/** Security > Passkeys' content: the list, the withdrawal approval switch and Add a passkey. */
export function PasskeysPanel({ list, supported, gate }: PasskeysPanelProps) {
  return (
    <div className="flex flex-col gap-4">
      {list.isPending ? (
        <Spinner label="Loading passkeys" />
      ) : list.isError ? (
        <FormAlert>{errorMessage(list.error)}</FormAlert>
      ) : (
        <>
          {list.data.passkeys.length === 0 ? (
            <p className="rounded-xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
              No passkeys yet. Add one to sign in without a password and to approve your withdrawals on your
              device.
            </p>
          ) : (
            <ul aria-label="Your passkeys" className="flex flex-col gap-2">
              {list.data.passkeys.map((passkey) => (
                <PasskeyItem
                  key={passkey.id}
                  passkey={passkey}
                  last={list.data.passkeys.length === 1}
                  gate={gate}
                />
              ))}
            </ul>
          )}
          {list.data.passkeys.length > 0 && (
            <PasskeyApprovalSetting enabled={list.data.approveWithdrawals} gate={gate} />
          )}
          {supported === true && <AddPasskeyForm gate={gate} />}
          {supported === false && (
            <p role="note" className="rounded-xl bg-muted px-4 py-3 text-sm">
              {passkeyPromptMessages.unsupported}
            </p>
          )}
        </>
      )}
      <CloseDialogFooter />
    </div>
  );
}
