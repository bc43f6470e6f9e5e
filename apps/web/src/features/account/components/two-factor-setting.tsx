import { useState } from "react";
import { Switch } from "@/components/ui/switch";
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
  const close = () => setDialog(null);

  return (
    <>
      <Switch
        checked={enabled}
        onCheckedChange={(checked) => setDialog(checked ? "enrol" : "disable")}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
      />
      <TwoFactorEnrolDialog open={dialog === "enrol"} onClose={close} />
      <TwoFactorDisableDialog open={dialog === "disable"} onClose={close} />
    </>
  );
}
