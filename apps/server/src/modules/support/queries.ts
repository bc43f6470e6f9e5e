import type { Db } from "../../db/client.js";
import { supportRequests } from "../../db/schema/index.js";

// The support module owns support_requests: only this file touches it.

export type SupportRequestRow = typeof supportRequests.$inferSelect;

export async function insertSupportRequest(
  db: Db,
  values: Pick<SupportRequestRow, "userId" | "email" | "subject" | "message" | "createdAt">,
): Promise<SupportRequestRow> {
  const [row] = await db.insert(supportRequests).values(values).returning();
  if (row === undefined) throw new Error("insert into support_requests returned no row");
  return row;
}
