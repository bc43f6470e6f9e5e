import type { Clock } from "../../adapters/clock.js";
import type { DocumentStorage } from "../../adapters/storage/storage.js";
import type { Db } from "../../db/client.js";
import type { KycReviewMode } from "../../db/schema/index.js";
import type { SendLimits } from "../../domain/kyc.js";

/** What the KYC use cases work with; each takes the part it needs. */
export type KycContext = {
  db: Db;
  clock: Clock;
  /** Where uploaded files are kept (STORAGE): never served statically. */
  storage: DocumentStorage;
  /** KYC_REVIEW: `auto` reviews submissions within seconds, `manual` leaves them to staff. */
  reviewMode: KycReviewMode;
  /** The rolling 24-hour send limit of each level. */
  sendLimits: SendLimits;
};
