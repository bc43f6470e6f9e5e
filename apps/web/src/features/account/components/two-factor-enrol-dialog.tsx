import { CopyButton } from "@/components/copy-button";
import { QrCode } from "@/components/qr-code";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { notify } from "@/lib/notify";
import { useEnableTwoFactor } from "../api/enable-two-factor";
import { useSetupTwoFactor } from "../api/setup-two-factor";
import { TwoFactorCodeForm } from "./two-factor-code-form";
import { TwoFactorPasswordForm } from "./two-factor-password-form";

export interface TwoFactorEnrolDialogProps {
  open: boolean;
  onClose: () => void;
  /** After the code is confirmed (before the dialog closes). */
  onEnabled?: () => void;
}

/**
 * Enrolment: the current password first, then scan the QR code (or type the secret) into an authenticator
 * app and prove it with a code. The secret is not kept once the dialog closes: opening it again starts over.
 */
export function TwoFactorEnrolDialog({ open, onClose, onEnabled }: TwoFactorEnrolDialogProps) {
  const setupMutation = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const setup = setupMutation.data;
  function close() {
    setupMutation.reset();
    enable.reset();
    onClose();
  }
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Set up two-factor authentication</DialogTitle>
          <DialogDescription>
            {setup
              ? "Scan the QR code with your authenticator app, or enter the secret key by hand. Then enter the 6-digit code the app shows."
              : "Enter your current password to continue."}
          </DialogDescription>
        </DialogHeader>
        {setup ? (
          <>
            <div className="flex flex-col items-center gap-3">
              <QrCode value={setup.otpauthUri} alt="QR code for your authenticator app" />
              <div className="flex w-full items-center gap-1 rounded-xl border bg-muted px-3 py-1.5">
                <div className="min-w-0 flex-1">
                  <p className="text-xs text-muted-foreground">Secret key</p>
                  <code className="block font-mono text-sm break-all select-all">{setup.secret}</code>
                </div>
                <CopyButton value={setup.secret} label="Copy secret key" copiedTitle="Secret key copied" />
              </div>
            </div>
            <TwoFactorCodeForm
              mutation={enable}
              submitLabel="Enable"
              pendingLabel="Enabling..."
              onCancel={close}
              onDone={() => {
                notify.success("Two-factor authentication enabled");
                onEnabled?.();
                close();
              }}
            />
          </>
        ) : (
          <TwoFactorPasswordForm setup={setupMutation} onCancel={close} />
        )}
      </DialogContent>
    </Dialog>
  );
}
