import { useState } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/form-errors";
import { notify } from "@/lib/notify";
import { useSetupTwoFactor } from "../api/setup-two-factor";
import { TwoFactorEnrolDialog } from "./two-factor-enrol-dialog";

export interface TwoFactorEnrolButtonProps {
  /** After the authenticator app is confirmed: the session user is already updated. */
  onEnrolled?: () => void;
}

/**
 * "Set up authenticator app": the same enrolment as Security's switch, for a screen without the switch
 * (the staff dashboard: staff have no profile screens).
 */
export function TwoFactorEnrolButton({ onEnrolled }: TwoFactorEnrolButtonProps) {
  const [open, setOpen] = useState(false);
  const setup = useSetupTwoFactor();

  function start() {
    setOpen(true);
    setup.mutate(undefined, {
      onError: (error) => {
        setOpen(false);
        notify.error("Could not start two-factor setup", errorMessage(error));
      },
    });
  }

  function close() {
    setOpen(false);
    // The secret is not kept once the dialog closes; starting again asks for a fresh one.
    setup.reset();
  }

  return (
    <>
      <Button onClick={start}>Set up authenticator app</Button>
      <TwoFactorEnrolDialog open={open} setup={setup.data} onClose={close} onEnabled={onEnrolled} />
    </>
  );
}
