import { freshProofErrors } from "@satsbank/shared";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { usePasskeySupport } from "@/lib/use-passkey-support";
import { usePasskeys } from "../api/get-passkeys";
import { useFreshProof } from "../lib/fresh-proof";
import { ConfirmIdentity } from "./confirm-identity";
import { PasskeysPanel } from "./passkeys-panel";

const DESCRIPTION = "Sign in with one touch, and approve each withdrawal on your own device.";

/**
 * The "Manage" button of Security's Passkeys row and its dialog: the person's passkeys (rename, remove),
 * the withdrawal approval switch and Add a passkey. A change that needs a fresh proof shows "Confirm it's
 * you" in the same dialog, then runs again by itself; the list stays mounted (hidden) meanwhile, so the
 * change that asked keeps its state.
 */
export function PasskeysDialog() {
  const [open, setOpen] = useState(false);
  const list = usePasskeys({ enabled: open });
  const supported = usePasskeySupport(open);
  const proof = useFreshProof();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const asked = useRef(false);

  useEffect(() => {
    // Back from "Confirm it's you": the title says where the person is again (the control that asked may be
    // busy or gone).
    if (proof.asking) asked.current = true;
    else if (asked.current) {
      asked.current = false;
      titleRef.current?.focus();
    }
  }, [proof.asking]);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) proof.cancel();
  }

  const usable = list.data?.passkeys.some((passkey) => !passkey.flagged) ?? false;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label="Manage Passkeys">
          Manage
        </Button>
      </DialogTrigger>
      <DialogContent showCloseButton={false}>
        <DialogHeader>
          <DialogTitle ref={titleRef} tabIndex={-1} className="outline-none">
            {proof.asking ? freshProofErrors.reauthenticate.title : "Passkeys"}
          </DialogTitle>
          <DialogDescription>
            {proof.asking ? freshProofErrors.reauthenticate.text : DESCRIPTION}
          </DialogDescription>
        </DialogHeader>
        {proof.asking && (
          <ConfirmIdentity
            canUsePasskey={usable && supported === true}
            onProved={proof.proved}
            onCancel={proof.cancel}
          />
        )}
        <div hidden={proof.asking}>
          <PasskeysPanel list={list} supported={supported} gate={proof.gate} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
