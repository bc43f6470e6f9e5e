import type { SessionUser } from "@satsbank/shared";
import { History, KeyRound, ShieldCheck } from "lucide-react";
import { SettingsRow } from "@/components/settings-row";
import { ChangePasswordDialog } from "./change-password-dialog";
import { LoginHistoryDialog } from "./login-history-dialog";
import { TwoFactorSetting } from "./two-factor-setting";

/** Security Settings: change the password, turn the authenticator on or off, review sign-ins. */
export function SecuritySettings({ user }: { user: Pick<SessionUser, "twoFactorEnabled"> }) {
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
