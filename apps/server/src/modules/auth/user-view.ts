import type { SessionUser } from "@satsbank/shared";
import type { UserRow } from "./queries.js";

/** The signed-in person as the web app sees them: never a hash or a secret. */
export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    username: user.username,
    phone: user.phone,
    role: user.role,
    accountType: user.accountType,
    twoFactorEnabled: user.totpSecret !== null,
    createdAt: user.createdAt.toISOString(),
  };
}
