import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { notify } from "@/lib/notify";
import { useDisableTwoFactor } from "../api/disable-two-factor";
import { TwoFactorCodeForm } from "./two-factor-code-form";

/** Turning the authenticator off needs a current code from it. */
export function TwoFactorDisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const disable = useDisableTwoFactor();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Turn off two-factor authentication</DialogTitle>
          <DialogDescription>
            Enter the 6-digit code from your authenticator app. Sign-in codes will then come by email.
          </DialogDescription>
        </DialogHeader>
        <TwoFactorCodeForm
          mutation={disable}
          submitLabel="Turn off"
          pendingLabel="Turning off..."
          onCancel={onClose}
          onDone={() => {
            notify.success("Two-factor authentication disabled");
            onClose();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
