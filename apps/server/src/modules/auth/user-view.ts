import type { SessionUser } from "@satsbank/shared";
import type { User } from "../../domain/user.js";

/** The signed-in person as the web app sees them. */
export function toSessionUser(user: User): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    username: user.username,
    phone: user.phone,
    role: user.role,
    accountType: user.accountType,
    twoFactorEnabled: user.twoFactorEnabled,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
  };
}
