import type { TwoFactorSetupResponse } from "@satsbank/shared";
import { CopyButton } from "@/components/copy-button";
import { QrCode } from "@/components/qr-code";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { notify } from "@/lib/notify";
import { useEnableTwoFactor } from "../api/enable-two-factor";
import { TwoFactorCodeForm } from "./two-factor-code-form";

export interface TwoFactorEnrolDialogProps {
  open: boolean;
  /** The new secret; `undefined` while the server makes it. */
  setup: TwoFactorSetupResponse | undefined;
  onClose: () => void;
  /** After the code is confirmed (before the dialog closes). */
  onEnabled?: () => void;
}

/** Enrolment: scan the QR code (or type the secret) into an authenticator app, then prove it with a code. */
export function TwoFactorEnrolDialog({ open, setup, onClose, onEnabled }: TwoFactorEnrolDialogProps) {
  const enable = useEnableTwoFactor();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Set up two-factor authentication</DialogTitle>
          <DialogDescription>
            Scan the QR code with your authenticator app, or enter the secret key by hand. Then enter the
            6-digit code the app shows.
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
              onCancel={onClose}
              onDone={() => {
                notify.success("Two-factor authentication enabled");
                onEnabled?.();
                onClose();
              }}
            />
          </>
        ) : (
          <Spinner label="Preparing your authenticator setup" />
        )}
      </DialogContent>
    </Dialog>
  );
}
