import type { SessionUser } from "@satsbank/shared";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { notify } from "@/lib/notify";
import { useDisableTwoFactor } from "../api/disable-two-factor";
import { RecoveryCodeDisableForm } from "./recovery-code-disable-form";
import { TwoFactorCodeForm } from "./two-factor-code-form";

const DESCRIPTION = {
  app: "Enter the 6-digit code from your authenticator app. Sign-in codes will then come by email.",
  recovery:
    "Lost your device? Enter one of your recovery codes (it is used up). Sign-in codes will then come by email.",
} as const;

/** Turning the authenticator off needs a current code from it, or (the device lost) a recovery code. */
export function TwoFactorDisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const [proof, setProof] = useState<"app" | "recovery">("app");
  function close() {
    disable.reset();
    setProof("app");
    onClose();
  }
  function done() {
    notify.success("Two-factor authentication disabled");
    close();
  }
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Turn off two-factor authentication</DialogTitle>
          <DialogDescription>{DESCRIPTION[proof]}</DialogDescription>
        </DialogHeader>
        {proof === "app" ? (
          <TwoFactorCodeForm<SessionUser>
            submit={(body, handlers) => disable.mutate(body, handlers)}
            pending={disable.isPending}
            submitLabel="Turn off"
            pendingLabel="Turning off..."
            onCancel={close}
            onDone={done}
          />
        ) : (
          <RecoveryCodeDisableForm disable={disable} onCancel={close} onDone={done} />
        )}
        <Button
          variant="link"
          className="h-11 self-center px-3"
          onClick={() => {
            disable.reset();
            setProof(proof === "app" ? "recovery" : "app");
          }}
        >
          {proof === "app" ? "Lost your device? Use a recovery code" : "Use a code from my app instead"}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
