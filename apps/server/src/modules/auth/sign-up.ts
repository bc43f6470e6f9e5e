import type { AccountType } from "@satsbank/shared";
import { isLoopbackAddress } from "../../domain/ip-address.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import type { AuthContext, Client } from "./context.js";
import { assertEmailFree, insertNewUser } from "./new-user.js";
import { hashPassword } from "./passwords.js";
import type { UserRow } from "./queries.js";
import { type NewSession, startSession } from "./sessions.js";

export type SignUpInput = {
  ctx: Pick<AuthContext, "db" | "clock" | "limiter">;
  name: string;
  email: string;
  password: string;
  /** The browser signing up, which is signed in at once; null for the seed (no session, no limit). */
  client: Client | null;
  previousSessionToken?: string;
  username?: string;
  phone?: string | null;
  accountType?: AccountType;
  /** Not production: the per-IP limit spares requests from this machine (see docs/decisions). */
  spareLoopback?: boolean;
};

/** Makes a customer account and, for a browser, signs it in: one transaction. */
export async function signUp(input: SignUpInput): Promise<{ user: UserRow; session: NewSession | null }> {
  const { ctx, client } = input;
  const limited = client !== null && !(input.spareLoopback === true && isLoopbackAddress(client.ip));
  if (limited) {
    await ctx.limiter.check(rateLimitRules.signUpsPerIp, client.ip);
    await ctx.limiter.hit(rateLimitRules.signUpsPerIp, client.ip);
  }
  await assertEmailFree(ctx.db, input.email);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  const { user, extra: session } = await insertNewUser(
    ctx.db,
    {
      name: input.name,
      email: input.email,
      passwordHash,
      role: "customer",
      accountType: input.accountType ?? "personal",
      phone: input.phone ?? null,
      ...(input.username === undefined ? {} : { username: input.username }),
    },
    (tx, created) =>
      client === null
        ? Promise.resolve(null)
        : startSession(tx, {
            userId: created.id,
            remember: false,
            client,
            now,
            previousToken: input.previousSessionToken,
          }),
  );
  return { user, session };
}
