import { useState } from "react";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/form-errors";
import { notify } from "@/lib/notify";
import { useSetupTwoFactor } from "../api/setup-two-factor";
import { TwoFactorDisableDialog } from "./two-factor-disable-dialog";
import { TwoFactorEnrolDialog } from "./two-factor-enrol-dialog";

export interface TwoFactorSettingProps {
  enabled: boolean;
  titleId: string;
  descriptionId: string;
}

/**
 * The Two-Factor Authentication switch. It shows the account's state; flipping it opens the enrolment
 * (on) or the confirmation (off), and only a confirmed code changes it. Cancel leaves it as it was.
 */
export function TwoFactorSetting({ enabled, titleId, descriptionId }: TwoFactorSettingProps) {
  const [dialog, setDialog] = useState<"enrol" | "disable" | null>(null);
  const setup = useSetupTwoFactor();

  function onCheckedChange(checked: boolean) {
    if (!checked) {
      setDialog("disable");
      return;
    }
    setDialog("enrol");
    setup.mutate(undefined, {
      onError: (error) => {
        setDialog(null);
        notify.error("Could not start two-factor setup", errorMessage(error));
      },
    });
  }

  function close() {
    setDialog(null);
    // The secret is not kept once the dialog closes; switching on again asks for a fresh one.
    setup.reset();
  }

  return (
    <>
      <Switch
        checked={enabled}
        onCheckedChange={onCheckedChange}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
      />
      <TwoFactorEnrolDialog open={dialog === "enrol"} setup={setup.data} onClose={close} />
      <TwoFactorDisableDialog open={dialog === "disable"} onClose={close} />
    </>
  );
}
