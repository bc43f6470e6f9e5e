import type { KycItemId } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import type { KycActor, KycItemStatus } from "../../db/schema/index.js";
import { insertEvents, type KycItemRow, updateItem } from "./queries.js";

export type ItemChange = {
  item: KycItemId;
  to: KycItemStatus;
  documentType?: string | null;
  submittedAt?: Date | null;
  message?: string | null;
};

/**
 * Moves items to their new status and writes one event each (who, when, why): the only way an item's
 * status changes. `current` are the rows `lockItems` locked, in the caller's db transaction.
 */
export async function changeItems(
  db: Db,
  {
    userId,
    current,
    changes,
    actor,
    actorUserId = null,
    submissionId,
    reason = null,
    at,
  }: {
    userId: string;
    current: ReadonlyMap<KycItemId, KycItemRow>;
    changes: readonly ItemChange[];
    actor: KycActor;
    actorUserId?: string | null;
    submissionId: string | null;
    reason?: string | null;
    at: Date;
  },
): Promise<void> {
  for (const change of changes) {
    await updateItem(
      db,
      { userId, item: change.item },
      {
        status: change.to,
        updatedAt: at,
        submissionId,
        ...(change.documentType === undefined ? {} : { documentType: change.documentType }),
        ...(change.submittedAt === undefined ? {} : { submittedAt: change.submittedAt }),
        ...(change.message === undefined ? {} : { message: change.message }),
      },
    );
  }
  await insertEvents(
    db,
    changes.map((change) => ({
      userId,
      item: change.item,
      submissionId,
      fromStatus: current.get(change.item)?.status ?? "required",
      toStatus: change.to,
      actor,
      actorUserId,
      reason,
      createdAt: at,
    })),
  );
}
