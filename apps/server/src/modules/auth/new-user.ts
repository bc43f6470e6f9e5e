import { randomInt } from "node:crypto";
import { type AccountType, isValidUsername, type Role } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../domain/app-error.js";
import { normalizeEmail } from "../../domain/email.js";
import type { User } from "../../domain/user.js";
import { firstUsernameCandidates, usernameBase } from "../../domain/username.js";
import { authText } from "./messages.js";
import { findUserByEmail, insertUser, takenUsernames } from "./user-queries.js";

export type NewAccount = {
  name: string;
  email: string;
  passwordHash: string;
  role: Role;
  accountType: AccountType;
  phone: string | null;
  /** A chosen username (the seed's "demo"); otherwise one is derived from the name. */
  username?: string;
  /** Set when the address needs no link: accounts the operator makes (the seed, staff). */
  emailVerifiedAt?: Date;
  /** When the account is made: the use case's clock (the Join Date staff see). */
  createdAt: Date;
};

const emailTaken = () => new AppError("CONFLICT", authText.emailTaken, { email: authText.emailTaken });

/** Refuses an email that already has an account, before any costly work. */
export async function assertEmailFree(db: Db, email: string): Promise<void> {
  if ((await findUserByEmail(db, normalizeEmail(email))) !== undefined) throw emailTaken();
}

/** The first free username for a name: the base, then base2, base3, ... */
async function freeUsername(db: Db, name: string): Promise<string> {
  const candidates = firstUsernameCandidates(name, 50);
  const taken = await takenUsernames(db, candidates);
  const free = candidates.find((candidate) => !taken.has(candidate));
  if (free !== undefined) return free;
  // Fifty people of that name: a random suffix (the insert still catches the rare clash).
  const base = usernameBase(name).slice(0, 14);
  for (;;) {
    const candidate = `${base}${randomInt(100_000, 1_000_000)}`;
    if (isValidUsername(candidate)) return candidate;
  }
}

/** The unique index a failed insert broke, if that is why it failed (PGlite and pg both say so). */
function violatedUniqueIndex(error: unknown): string | undefined {
  for (let e: unknown = error; typeof e === "object" && e !== null; e = Reflect.get(e, "cause")) {
    if (Reflect.get(e, "code") === "23505") return String(Reflect.get(e, "constraint"));
  }
  return undefined;
}

/**
 * Inserts the account, with a unique username, inside a transaction that `then` continues (a sign-up
 * starts its session in it). The unique indexes decide races: a taken email is a 409, a taken derived
 * username makes it try the next one.
 */
export async function insertNewUser<T>(
  db: Db,
  account: NewAccount,
  then: (tx: Db, user: User) => Promise<T>,
): Promise<{ user: User; extra: T }> {
  for (let attempt = 0; ; attempt++) {
    const username = account.username ?? (await freeUsername(db, account.name));
    try {
      return await db.transaction(async (tx) => {
        const user = await insertUser(tx, {
          email: normalizeEmail(account.email),
          username,
          name: account.name.trim(),
          phone: account.phone,
          passwordHash: account.passwordHash,
          role: account.role,
          accountType: account.accountType,
          emailVerifiedAt: account.emailVerifiedAt ?? null,
          createdAt: account.createdAt,
          updatedAt: account.createdAt,
        });
        return { user, extra: await then(tx, user) };
      });
    } catch (error) {
      const index = violatedUniqueIndex(error);
      if (index === "users_email_lower_unique") throw emailTaken();
      if (index === "users_username_unique") {
        if (account.username !== undefined) {
          throw new AppError("CONFLICT", authText.usernameTaken, { username: authText.usernameTaken });
        }
        if (attempt < 5) continue;
      }
      throw error;
    }
  }
}
