import type { AccountType, Role } from "@satsbank/shared";

export const userStatuses = ["active", "inactive"] as const;
export type UserStatus = (typeof userStatuses)[number];

/**
 * A person with an account, as every part of the server outside the credential checks sees them: the
 * signed-in person on `request.auth`, a send's payee, a new account. It never holds the password
 * hash or a TOTP secret; the few use cases that check one load it themselves (modules/auth/queries.ts).
 */
export type User = {
  readonly id: string;
  /** Trimmed and lower-case. */
  readonly email: string;
  readonly username: string;
  readonly name: string;
  readonly phone: string | null;
  readonly role: Role;
  readonly accountType: AccountType;
  readonly status: UserStatus;
  /** An authenticator app signs in (the secret itself stays in the database). */
  readonly twoFactorEnabled: boolean;
  /** The owner opened the link mailed to `email`. Sending needs it. */
  readonly emailVerified: boolean;
  /**
   * The person holds a passkey that can sign in (one not flagged): a strong second factor, as an
   * authenticator app is (staff in production need one or the other).
   */
  readonly hasPasskey: boolean;
  readonly createdAt: Date;
};
