import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { passkeys, users } from "../../db/schema/index.js";
import type { User, UserStatus } from "../../domain/user.js";

// The users table (the auth module owns it): people with an account, never their secrets but where a
// check loads one itself (findPasswordHash, findTwoFactorSecrets, findSignInCredentials).

export type NewUser = typeof users.$inferInsert;

/**
 * What every query of a person selects: a `User`, never the password hash or a TOTP secret. Whether
 * two-factor is on and the email verified are worked out in SQL, so those columns never leave it.
 */
export const userColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  name: users.name,
  phone: users.phone,
  role: users.role,
  accountType: users.accountType,
  status: users.status,
  twoFactorEnabled: sql<boolean>`${users.totpSecret} is not null`,
  emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
  // One index probe (passkeys_user_id_idx): the session look-up reads it on every signed-in request.
  hasPasskey: sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id} and ${passkeys.flaggedAt} is null)`,
  createdAt: users.createdAt,
};

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [row] = await db.select(userColumns).from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row;
}

/** Every active member of staff (role admin): whom an alert to staff goes to. */
export async function findActiveStaffIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.status, "active")));
  return rows.map((row) => row.id);
}

/** The account with this username (usernames are stored lower-case). */
export async function findUserByUsername(db: Db, username: string): Promise<User | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.username, username.toLowerCase()));
  return row;
}

/** What sign-in step 1 checks: the account of an email with its password hash. */
export async function findSignInCredentials(
  db: Db,
  email: string,
): Promise<
  | { id: string; email: string; passwordHash: string; twoFactorEnabled: boolean; status: UserStatus }
  | undefined
> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      twoFactorEnabled: userColumns.twoFactorEnabled,
      status: users.status,
    })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

/** The password hash alone, for the one check that needs it (changing the password). */
export async function findPasswordHash(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id));
  return row?.passwordHash;
}

/** The account's sealed TOTP secrets and last used step: for the code checks only. */
export type TwoFactorSecrets = {
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpLastStep: number | null;
};

export async function findTwoFactorSecrets(db: Db, id: string): Promise<TwoFactorSecrets | undefined> {
  const [row] = await db
    .select({
      totpSecret: users.totpSecret,
      totpPendingSecret: users.totpPendingSecret,
      totpLastStep: users.totpLastStep,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/**
 * Locks the person's row until the end of the db transaction and answers them: a change of their status
 * (deactivation) and a send, which reads it under a share lock (wallet_send()), happen one after the other.
 */
export async function lockUser(db: Db, id: string): Promise<User | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).for("update");
  return row;
}

export async function setUserStatus(db: Db, id: string, status: UserStatus, at: Date): Promise<User> {
  const [row] = await db
    .update(users)
    .set({ status, updatedAt: at })
    .where(eq(users.id, id))
    .returning(userColumns);
  if (row === undefined) throw new Error(`no user ${id}`);
  return row;
}

/** Which of these usernames are taken. */
export async function takenUsernames(db: Db, candidates: string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(inArray(users.username, candidates));
  return new Set(rows.map((row) => row.username));
}

export async function insertUser(db: Db, values: NewUser): Promise<User> {
  const [row] = await db.insert(users).values(values).returning(userColumns);
  if (row === undefined) throw new Error("insert into users returned no row");
  return row;
}

export async function updateUser(
  db: Db,
  id: string,
  values: Partial<
    Pick<NewUser, "passwordHash" | "totpSecret" | "totpPendingSecret" | "totpLastStep" | "name" | "phone">
  > & {
    updatedAt: Date;
  },
): Promise<User> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning(userColumns);
  if (row === undefined) throw new Error(`no user ${id}`);
  return row;
}

/**
 * Records that a TOTP time step was used; false when it (or a later one) already was: a code works once.
 * Conditional, so two requests racing with the same code cannot both win.
 */
export async function useTotpStep(db: Db, id: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}
