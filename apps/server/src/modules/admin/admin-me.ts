import { ADMIN_DASHBOARD_TITLE, type AdminMe, roleLabels } from "@satsbank/shared";
import type { User } from "../../domain/user.js";

/** The dashboard's header, and whether this member of staff must enrol an authenticator app (or add a passkey). */
export function adminMe({ staff, twoFactorRequired }: { staff: User; twoFactorRequired: boolean }): AdminMe {
  return {
    title: ADMIN_DASHBOARD_TITLE,
    accessLevel: roleLabels[staff.role],
    staff: { id: staff.id, name: staff.name, email: staff.email },
    // A passkey is a strong second factor too: the dashboard asks to enrol only when neither is there.
    twoFactor: { enabled: staff.twoFactorEnabled || staff.hasPasskey, required: twoFactorRequired },
  };
}
