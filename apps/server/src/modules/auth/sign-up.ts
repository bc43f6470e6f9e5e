import type { AccountType } from "@satsbank/shared";
import type { Client } from "../../domain/device.js";
import { isLoopbackAddress } from "../../domain/ip-address.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import type { User } from "../../domain/user.js";
import type { AuthContext } from "./context.js";
import { createVerificationLink, mailVerificationLink } from "./email-verification.js";
import { assertEmailFree, insertNewUser } from "./new-user.js";
import { hashPassword } from "./passwords.js";
import { type NewSession, startSession } from "./sessions.js";

type Account = {
  name: string;
  email: string;
  password: string;
  username?: string;
  phone?: string | null;
  accountType?: AccountType;
};

export type SignUpInput = Account &
  (
    | {
        /** A browser signing up: signed in at once, and mailed a link to verify the address. */
        client: Client;
        ctx: Pick<AuthContext, "db" | "clock" | "limiter" | "mailer" | "brandName" | "publicUrl">;
        previousSessionToken?: string;
        /** Not production: the per-IP limit spares requests from this machine (see docs/decisions). */
        spareLoopback?: boolean;
      }
    | {
        /** The seed: no session, no limit, and the operator's own (example) addresses count as verified. */
        client: null;
        ctx: Pick<AuthContext, "db" | "clock">;
      }
  );

/**
 * Makes a customer account and, for a browser, signs it in and stores a verification link: one
 * transaction. The link is mailed once that commits; the customer goes on (to KYC) without waiting.
 */
export async function signUp(input: SignUpInput): Promise<{ user: User; session: NewSession | null }> {
  const { client } = input;
  if (client !== null && !(input.spareLoopback === true && isLoopbackAddress(client.ip))) {
    await input.ctx.limiter.take({ rule: rateLimitRules.signUpsPerIp, key: client.ip });
  }
  const { db, clock } = input.ctx;
  await assertEmailFree(db, input.email);
  const passwordHash = await hashPassword(input.password);
  const now = clock.now();
  const { user, extra } = await insertNewUser(
    db,
    {
      name: input.name,
      email: input.email,
      passwordHash,
      role: "customer",
      accountType: input.accountType ?? "personal",
      phone: input.phone ?? null,
      createdAt: now,
      ...(input.username === undefined ? {} : { username: input.username }),
      ...(client === null ? { emailVerifiedAt: now } : {}),
    },
    async (tx, created) => {
      if (input.client === null) return null;
      const session = await startSession(tx, {
        userId: created.id,
        remember: false,
        client: input.client,
        now,
        previousToken: input.previousSessionToken,
      });
      const link = await createVerificationLink(tx, { user: created, now, publicUrl: input.ctx.publicUrl });
      return { session, link };
    },
  );
  if (extra === null) return { user, session: null };
  if (input.client !== null) await mailVerificationLink(input.ctx, { to: user.email, link: extra.link });
  return { user, session: extra.session };
}
