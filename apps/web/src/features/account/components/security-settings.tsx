import type { SessionUser } from "@satsbank/shared";
import { History, KeyRound, ShieldCheck } from "lucide-react";
import { ChangePasswordDialog } from "./change-password-dialog";
import { LoginHistoryDialog } from "./login-history-dialog";
import { SecurityRow } from "./security-row";
import { TwoFactorSetting } from "./two-factor-setting";

/** Security Settings: change the password, turn the authenticator on or off, review sign-ins. */
export function SecuritySettings({ user }: { user: Pick<SessionUser, "twoFactorEnabled"> }) {
  return (
    <ul className="divide-y rounded-2xl border bg-card shadow-sm">
      <SecurityRow icon={KeyRound} title="Change Password" description="Update the password you sign in with">
        {() => <ChangePasswordDialog />}
      </SecurityRow>
      <SecurityRow
        icon={ShieldCheck}
        title="Two-Factor Authentication"
        description="Add extra security to your account"
      >
        {(ids) => <TwoFactorSetting enabled={user.twoFactorEnabled} {...ids} />}
      </SecurityRow>
      <SecurityRow
        icon={History}
        title="Login History"
        description="See when and where your account was used"
      >
        {() => <LoginHistoryDialog />}
      </SecurityRow>
    </ul>
  );
}
