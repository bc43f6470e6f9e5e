import { systemClock } from "../adapters/clock.js";
import type { User } from "../domain/user.js";
import { createStaff } from "../modules/auth/index.js";
import { type Account, type ClientOptions, signIn, uniqueEmail } from "./auth-helpers.js";
import type { TestApp } from "./create-test-app.js";

/** A member of staff made as `npm run admin -- create` makes one, signed in with the emailed code. */
export type TestStaff = { token: string; user: User; account: Account };

export async function testStaff(
  t: TestApp,
  { name = "Staff Member", client }: { name?: string; client?: ClientOptions } = {},
): Promise<TestStaff> {
  const account = { name, email: uniqueEmail("staff"), password: "staff correct horse" };
  const user = await createStaff({ ctx: { db: t.db, clock: systemClock }, ...account });
  const { token } = await signIn(t, account, client);
  return { token, user, account };
}
