import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { type KycItemStatus, kycStatus } from "../../db/schema/index.js";

// The kyc module owns kyc_status: only this file touches it.

export type KycStatusRow = typeof kycStatus.$inferSelect;

export async function findKycStatus(db: Db, userId: string): Promise<KycStatusRow | undefined> {
  const [row] = await db.select().from(kycStatus).where(eq(kycStatus.userId, userId));
  return row;
}

export async function saveKycStatus(
  db: Db,
  values: { userId: string; identity: KycItemStatus; address: KycItemStatus; updatedAt: Date },
): Promise<void> {
  await db
    .insert(kycStatus)
    .values(values)
    .onConflictDoUpdate({
      target: kycStatus.userId,
      set: { identity: values.identity, address: values.address, updatedAt: values.updatedAt },
    });
}
