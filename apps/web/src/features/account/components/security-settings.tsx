import type { SessionUser } from "@satsbank/shared";
import { RECOVERY_CODE_COUNT } from "@satsbank/shared";
import { Fingerprint, History, KeyRound, LifeBuoy, ShieldCheck } from "lucide-react";
import { SettingsRow } from "@/components/settings-row";
import { useRecoveryCodesStatus } from "../api/recovery-codes";
import { ChangePasswordDialog } from "./change-password-dialog";
import { LoginHistoryDialog } from "./login-history-dialog";
import { PasskeysDialog } from "./passkeys-dialog";
import { RecoveryCodesDialog } from "./recovery-codes-dialog";
import { TwoFactorSetting } from "./two-factor-setting";

/** How many recovery codes are left, as the Recovery Codes row says it. */
function recoveryCodesText(remaining: number | undefined): string {
  const use = "Each signs you in once if you lose your authenticator app.";
  if (remaining === undefined) return use;
  if (remaining === 0) return "None left: make new ones to keep a way in without your authenticator app.";
  return `${remaining} of ${RECOVERY_CODE_COUNT} left. ${use}`;
}

/**
 * Security Settings: change the password, turn the authenticator on or off, passkeys (sign-in and the
 * withdrawals' approval), with two-factor on its recovery codes (how many are left, and new ones), review
 * sign-ins.
 */
export function SecuritySettings({ user }: { user: Pick<SessionUser, "twoFactorEnabled"> }) {
  const recovery = useRecoveryCodesStatus({ enabled: user.twoFactorEnabled });
  return (
    <ul className="divide-y rounded-2xl border bg-card shadow-sm">
      <SettingsRow icon={KeyRound} title="Change Password" description="Update the password you sign in with">
        {() => <ChangePasswordDialog />}
      </SettingsRow>
      <SettingsRow
        icon={ShieldCheck}
        title="Two-Factor Authentication"
        description="Add extra security to your account"
      >
        {(ids) => <TwoFactorSetting enabled={user.twoFactorEnabled} {...ids} />}
      </SettingsRow>
      {user.twoFactorEnabled && (
        <SettingsRow
          icon={LifeBuoy}
          title="Recovery Codes"
          description={recoveryCodesText(recovery.data?.remaining)}
        >
          {({ descriptionId }) => <RecoveryCodesDialog describedBy={descriptionId} />}
        </SettingsRow>
      )}
      <SettingsRow
        icon={Fingerprint}
        title="Passkeys"
        description="Sign in and approve withdrawals with your device"
      >
        {() => <PasskeysDialog />}
      </SettingsRow>
      <SettingsRow
        icon={History}
        title="Login History"
        description="See when and where your account was used"
      >
        {() => <LoginHistoryDialog />}
      </SettingsRow>
    </ul>
  );
}
