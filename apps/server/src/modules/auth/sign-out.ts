import type { Db } from "../../db/client.js";
import { deleteSessionByTokenHash } from "./session-queries.js";
import { hashToken } from "./tokens.js";

/** Ends the session the browser holds, on the server (the route clears the cookie). */
export async function signOut({
  ctx,
  sessionToken,
}: {
  ctx: { db: Db };
  sessionToken: string | undefined;
}): Promise<void> {
  if (sessionToken !== undefined) await deleteSessionByTokenHash(ctx.db, hashToken(sessionToken));
}
