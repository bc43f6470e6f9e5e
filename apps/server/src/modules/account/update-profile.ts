import type { UpdateProfileBody } from "@satsbank/shared";
import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import type { User } from "../../domain/user.js";
import { updateUser } from "../auth/index.js";

/**
 * Account Details' Edit: the person's name and phone (as the customer grouped it, or none), as the shared
 * schema parsed them. The email is no part of it: it is where sign-in codes and reset links go, and
 * changing it would need the new address proven first.
 */
export async function updateProfile({
  ctx,
  user,
  body,
}: {
  ctx: { db: Db; clock: Clock };
  user: User;
  body: UpdateProfileBody;
}): Promise<User> {
  return updateUser(ctx.db, user.id, {
    name: body.name,
    phone: body.phone === "" ? null : body.phone,
    updatedAt: ctx.clock.now(),
  });
}
