import { useId, useState } from "react";
import { Switch } from "@/components/ui/switch";
import { notify } from "@/lib/notify";
import { passkeyErrorText } from "@/lib/passkey";
import { useUpdatePasskeySettings } from "../api/update-passkey-settings";
import { type FreshProofGate, isFreshProofCancelled } from "../lib/fresh-proof";

/**
 * "Approve withdrawals with a passkey": on, every send to an outside address waits for the person's
 * passkey. The switch moves at once; a refusal, or "Confirm it's you" closed, puts it back. Turning it off
 * may need a fresh proof.
 */
export function PasskeyApprovalSetting({ enabled, gate }: { enabled: boolean; gate: FreshProofGate }) {
  const update = useUpdatePasskeySettings(gate);
  const [moving, setMoving] = useState<boolean>();
  const titleId = useId();
  const descriptionId = useId();

  function onCheckedChange(approveWithdrawals: boolean) {
    setMoving(approveWithdrawals);
    update.mutate(
      { approveWithdrawals },
      {
        onSuccess: () =>
          notify.success(
            approveWithdrawals ? "Passkey approval turned on" : "Passkey approval turned off",
            approveWithdrawals
              ? "Your withdrawals wait for your passkey."
              : "Your withdrawals no longer ask for your passkey.",
          ),
        onError: (error) => {
          if (!isFreshProofCancelled(error)) notify.error("Setting not changed", passkeyErrorText(error));
        },
        // The list was asked again: the switch shows what the server holds.
        onSettled: () => setMoving(undefined),
      },
    );
  }

  return (
    <div className="flex items-center gap-4 rounded-xl border bg-card px-3 py-3">
      <div className="min-w-0 flex-1">
        <p id={titleId} className="text-sm font-semibold">
          Approve withdrawals with a passkey
        </p>
        <p id={descriptionId} className="text-sm text-muted-foreground">
          Each send to a Bitcoin address waits for your passkey. Sends to other customers stay one tap.
        </p>
      </div>
      <Switch
        checked={moving ?? enabled}
        disabled={update.isPending}
        onCheckedChange={onCheckedChange}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
      />
    </div>
  );
}
