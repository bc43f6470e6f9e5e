import { type KycOverview, kycItemIdSchema } from "@satsbank/shared";
import { type ItemStates, levelOf, resumeStep } from "../../domain/kyc.js";
import type { User } from "../../domain/user.js";
import type { KycContext } from "./context.js";
import { findDrafts, findItems, findLatestSubmission } from "./queries.js";
import { toKycDocument, toKycItem, toKycSubmission } from "./views.js";

/** The customer's verification: level, the profile's items, the latest submissions, drafts, where to go on. */
export async function getKycOverview({
  ctx,
  customer,
}: {
  ctx: Pick<KycContext, "db">;
  customer: Pick<User, "id">;
}): Promise<KycOverview> {
  const [items, drafts, basic, enhanced] = await Promise.all([
    findItems(ctx.db, customer.id),
    findDrafts(ctx.db, customer.id),
    findLatestSubmission(ctx.db, customer.id, "basic"),
    findLatestSubmission(ctx.db, customer.id, "enhanced"),
  ]);
  const byItem = new Map(items.map((row) => [row.item, row]));
  const states: ItemStates = {};
  for (const row of items) states[row.item] = row.status;
  const draft = (kind: "identity" | "address" | "selfie" | "source_of_funds") => {
    const row = drafts.find((document) => document.kind === kind);
    return row === undefined ? null : toKycDocument(row);
  };
  const shown = {
    identity: draft("identity"),
    address: draft("address"),
    selfie: draft("selfie"),
    source_of_funds: draft("source_of_funds"),
  };
  return {
    level: levelOf(states),
    items: kycItemIdSchema.options.map((item) => toKycItem(item, byItem.get(item))),
    basic: basic === undefined ? null : toKycSubmission(basic),
    enhanced: enhanced === undefined ? null : toKycSubmission(enhanced),
    drafts: shown,
    resume: resumeStep(states, {
      identity: shown.identity !== null,
      address: shown.address !== null,
      selfie: shown.selfie !== null,
    }),
  };
}
