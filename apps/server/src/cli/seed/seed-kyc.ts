import type { DocumentStorage } from "../../adapters/storage/storage.js";
import type { Db } from "../../db/client.js";
import type { KycReviewMode } from "../../db/schema/index.js";
import { AppError } from "../../domain/app-error.js";
import { offlineStaffActor } from "../../domain/staff.js";
import type { User } from "../../domain/user.js";
import {
  automatedProblem,
  type Decider,
  decideSubmission,
  findItemStates,
  findLatestSubmission,
  findSubmissionDocuments,
  submitVerification,
  uploadDocument,
} from "../../modules/kyc/index.js";
import { type DemoCustomer, demoCustomers } from "./demo-accounts.js";
import { demoDocuments } from "./demo-documents.js";
import { DEMO_BILL_AGE_DAYS, demoPendingReview, demoRejected, demoSecondPendingReview } from "./demo-kyc.js";
import { at, fixedClock } from "./seed-time.js";

export type IdentityChecksInput = {
  db: Db;
  storage: DocumentStorage;
  /** When the seed runs, and when the opening deposits arrive (the verified customers submit then). */
  now: Date;
  opened: Date;
  customer: (email: string) => User;
  /** The seeded staff account: it rejects one submission. */
  staff: User;
};

type Plan = {
  submitted: Date;
  /** `manual` keeps the automated review (KYC_REVIEW=auto) away from a submission staff must decide. */
  reviewMode: KycReviewMode;
  decision: { at: Date; decision: "approve" | "reject"; reason: string | null; decider: Decider } | null;
  /** The date printed on the bill, when it is not the one typed in the form. */
  billPrinted?: Date;
};

const DAY_MS = 86_400_000;
const isoDay = (when: Date) => when.toISOString().slice(0, 10);

function planFor(email: string, input: IdentityChecksInput): Plan {
  const pending = [demoPendingReview, demoSecondPendingReview].find((each) => each.email === email);
  if (pending !== undefined) {
    const submitted = at(input.now, pending.daysAgo, pending.time);
    return { submitted, reviewMode: "manual", decision: null };
  }
  if (email === demoRejected.email) {
    const submitted = at(input.now, demoRejected.daysAgo, demoRejected.time);
    const billPrinted = new Date(submitted);
    billPrinted.setUTCMonth(billPrinted.getUTCMonth() - demoRejected.billMonthsOld);
    const decided = at(input.now, demoRejected.decided.daysAgo, demoRejected.decided.time);
    return {
      submitted,
      reviewMode: "manual",
      decision: {
        at: decided,
        decision: "reject",
        reason: demoRejected.reason,
        decider: { actor: "staff", staff: offlineStaffActor(input.staff) },
      },
      billPrinted,
    };
  }
  // The automated review decides within seconds of a submission.
  const decided = new Date(input.opened.getTime() + 20_000);
  return {
    submitted: input.opened,
    reviewMode: "auto",
    decision: { at: decided, decision: "approve", reason: null, decider: { actor: "automated" } },
  };
}

/**
 * Every demo customer's basic verification, through the KYC use cases: their documents uploaded in the
 * minutes before the submission, then decided as `demo-kyc.ts` says. Idempotent: a customer with a
 * submission submits nothing again; one still pending that should be decided (a run stopped between the
 * two) is decided now. A customer verified without any submission (by a seed from before the demo
 * documents) is left as they are.
 */
export async function seedIdentityChecks(input: IdentityChecksInput): Promise<void> {
  for (const person of demoCustomers) {
    const user = input.customer(person.email);
    const plan = planFor(person.email, input);
    const submission = await submissionOf(input, person, user, plan);
    if (submission?.status === "pending" && plan.decision !== null) {
      await decide(input, { id: submission.id, userId: user.id, email: person.email }, plan.decision);
    }
  }
}

/** The customer's basic submission, made now if they have none; null when verified without one. */
async function submissionOf(
  input: IdentityChecksInput,
  person: DemoCustomer,
  user: User,
  plan: Plan,
): Promise<{ id: string; status: string } | null> {
  const found = await findLatestSubmission(input.db, user.id, "basic");
  if (found !== undefined) return found;
  const states = await findItemStates(input.db, user.id);
  if (states.identity === "verified" && states.address === "verified") return null;
  return submitDocuments(input, person, user, plan);
}

async function submitDocuments(input: IdentityChecksInput, person: DemoCustomer, user: User, plan: Plan) {
  const { db, storage } = input;
  const typedDate = new Date(plan.submitted.getTime() - DEMO_BILL_AGE_DAYS * DAY_MS);
  const files = await demoDocuments(person, plan.billPrinted ?? typedDate);
  const minutesBefore = (minutes: number) => ({
    db,
    storage,
    clock: fixedClock(new Date(plan.submitted.getTime() - minutes * 60_000)),
  });
  const identity = await uploadDocument({
    ctx: minutesBefore(6),
    customer: user,
    fields: { kind: "identity", documentType: "passport" },
    file: { bytes: files.passport, fileName: "passport.jpg" },
  });
  const address = await uploadDocument({
    ctx: minutesBefore(4),
    customer: user,
    fields: { kind: "address", documentDate: isoDay(typedDate) },
    file: { bytes: files.proofOfAddress, fileName: "electricity-bill.pdf" },
  });
  const selfie = await uploadDocument({
    ctx: minutesBefore(2),
    customer: user,
    fields: { kind: "selfie" },
    file: { bytes: files.selfie, fileName: "selfie.png" },
  });
  return submitVerification({
    ctx: { db, clock: fixedClock(plan.submitted), reviewMode: plan.reviewMode },
    customer: user,
    body: {
      level: "basic",
      identityDocumentId: identity.id,
      addressDocumentId: address.id,
      selfieDocumentId: selfie.id,
    },
  });
}

async function decide(
  input: IdentityChecksInput,
  submission: { id: string; userId: string; email: string },
  plan: NonNullable<Plan["decision"]>,
): Promise<void> {
  const { db } = input;
  if (plan.decider.actor === "automated") {
    // Approved only as the automated review would: drawn documents that fail it are the seed's bug.
    const documents = await findSubmissionDocuments(db, submission.id);
    const problem = await automatedProblem({ db }, { userId: submission.userId, level: "basic" }, documents);
    if (problem !== null) {
      throw new Error(`The demo documents of ${submission.email} fail the automated review: ${problem}`);
    }
  }
  try {
    await decideSubmission({
      ctx: { db, clock: fixedClock(plan.at) },
      submissionId: submission.id,
      decision: plan.decision,
      reason: plan.reason,
      decider: plan.decider,
    });
  } catch (error) {
    // Decided meanwhile by a running app: its automated review (an `auto` submission, the same checks).
    if (!(error instanceof AppError && error.code === "CONFLICT")) throw error;
  }
}
