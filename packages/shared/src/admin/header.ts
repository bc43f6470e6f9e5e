import { z } from "zod";
import type { Role } from "../auth.js";

// The staff dashboard's header (/admin): its title, the member of staff and their access level.

export const ADMIN_DASHBOARD_TITLE = "Admin Dashboard";

/** The label of each role: the header's "Access Level: Super Admin". */
export const roleLabels = {
  admin: "Super Admin",
  customer: "Customer",
} as const satisfies Record<Role, string>;

/**
 * `GET /api/admin/me`: the header's words and whether the member of staff must enrol an authenticator app
 * (`twoFactor.enabled`: an authenticator app or a passkey, either a strong second factor).
 * It answers without two-factor too (the one staff endpoint that does), so the dashboard can ask to enrol.
 */
export const adminMeSchema = z.object({
  /** "Admin Dashboard". */
  title: z.string(),
  /** "Super Admin": the role's label. */
  accessLevel: z.string(),
  staff: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  twoFactor: z.object({
    enabled: z.boolean(),
    /**
     * True in production: without `enabled`, every other staff endpoint answers 403 with the reason
     * `enrolTwoFactor`. False elsewhere: the dashboard opens and only warns while `enabled` is false.
     */
    required: z.boolean(),
  }),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

/**
 * The refusal of a staff endpoint to production staff with neither an authenticator app nor a passkey
 * (reason `enrolTwoFactor`).
 */
export const staffAccessErrors = {
  enrolTwoFactor: {
    title: "Authenticator app required",
    text: "Staff must sign in with an authenticator app or a passkey. Turn on two-factor authentication or add a passkey in Security, then open the dashboard again.",
  },
} as const;
