import type { User } from "../../domain/user.js";
import type { AuthContext } from "./context.js";
import { assertEmailFree, insertNewUser } from "./new-user.js";
import { hashPassword } from "./passwords.js";

/** Makes a staff account (role admin): from `npm run admin -- create` and the seed, never over HTTP. */
export async function createStaff({
  ctx,
  email,
  name,
  password,
  username,
}: {
  ctx: Pick<AuthContext, "db" | "clock">;
  email: string;
  name: string;
  password: string;
  username?: string;
}): Promise<User> {
  await assertEmailFree(ctx.db, email);
  const passwordHash = await hashPassword(password);
  const { user } = await insertNewUser(
    ctx.db,
    {
      name,
      email,
      passwordHash,
      role: "admin",
      accountType: "personal",
      phone: null,
      // The operator gives a staff member their own address: no link to open.
      emailVerifiedAt: ctx.clock.now(),
      createdAt: ctx.clock.now(),
      ...(username === undefined ? {} : { username }),
    },
    async () => null,
  );
  return user;
}
