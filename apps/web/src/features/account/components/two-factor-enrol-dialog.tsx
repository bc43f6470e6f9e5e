import type { TwoFactorEnableResponse } from "@satsbank/shared";
import { useState } from "react";
import { CopyButton } from "@/components/copy-button";
import { QrCode } from "@/components/qr-code";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { notify } from "@/lib/notify";
import { useEnableTwoFactor } from "../api/enable-two-factor";
import { useSetupTwoFactor } from "../api/setup-two-factor";
import { RecoveryCodesPanel } from "./recovery-codes-panel";
import { TwoFactorCodeForm } from "./two-factor-code-form";
import { TwoFactorPasswordForm } from "./two-factor-password-form";

export interface TwoFactorEnrolDialogProps {
  open: boolean;
  onClose: () => void;
  /**
   * Once two-factor is on and its recovery codes were shown (the dialog closes): a screen that enrolment
   * gated (the staff dashboard) may then open without taking the codes away unseen.
   */
  onEnabled?: () => void;
}

/**
 * Enrolment: the current password first, then scan the QR code (or type the secret) into an authenticator
 * app and prove it with a code; then the 10 recovery codes, shown this once. The secret is not kept once
 * the dialog closes: opening it again starts over.
 */
export function TwoFactorEnrolDialog({ open, onClose, onEnabled }: TwoFactorEnrolDialogProps) {
  const setupMutation = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const setup = setupMutation.data;
  function close() {
    const enabled = recoveryCodes !== null;
    setupMutation.reset();
    enable.reset();
    setRecoveryCodes(null);
    onClose();
    if (enabled) onEnabled?.();
  }
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Set up two-factor authentication</DialogTitle>
          <DialogDescription>
            {recoveryCodes
              ? "Two-factor authentication is on. If you lose your authenticator app, a recovery code signs you in instead."
              : setup
                ? "Scan the QR code with your authenticator app, or enter the secret key by hand. Then enter the 6-digit code the app shows."
                : "Enter your current password to continue."}
          </DialogDescription>
        </DialogHeader>
        {recoveryCodes ? (
          <RecoveryCodesPanel codes={recoveryCodes} onDone={close} />
        ) : setup ? (
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
            <TwoFactorCodeForm<TwoFactorEnableResponse>
              submit={(body, handlers) => enable.mutate(body, handlers)}
              pending={enable.isPending}
              submitLabel="Enable"
              pendingLabel="Enabling..."
              onCancel={close}
              onDone={(result) => {
                notify.success("Two-factor authentication enabled");
                setRecoveryCodes(result.recoveryCodes);
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
