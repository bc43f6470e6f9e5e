import { useState } from "react";
import { Button } from "@/components/ui/button";
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
  return (
    <>
      <Button onClick={() => setOpen(true)}>Set up authenticator app</Button>
      <TwoFactorEnrolDialog open={open} onClose={() => setOpen(false)} onEnabled={onEnrolled} />
    </>
  );
}
