// The demo identity checks, made through the KYC use cases with documents drawn in code
// (demo-documents.ts): every demo customer submits the basic level (passport, utility bill, selfie) at the
// opening (demo-money.ts), and the automated review approves it, so they may send; the demo customer's
// enhanced level stays required. Three customers, who only ever receive in the demo sends, end elsewhere:
// two wait for staff, one was rejected by staff.

/** Waiting for staff's review: submitted the day before the seed runs, at this UTC time of day. */
export const demoPendingReview = { email: "isabella@example.com", daysAgo: 1, time: "18:40" } as const;
/**
 * Waiting for staff too, submitted after isabella (the queue is oldest first): the one the end-to-end
 * suite approves, while isabella's stays pending for the KYC status screen's test.
 */
export const demoSecondPendingReview = { email: "kwame@example.com", daysAgo: 1, time: "21:15" } as const;

/**
 * Rejected by the seeded staff account. The date typed in the form was recent, but the bill itself is
 * dated `billMonthsOld` months before the upload: what a reviewer catches by reading the document.
 */
export const demoRejected = {
  email: "orders@bluebird-bakery.example",
  daysAgo: 3,
  time: "08:50",
  decided: { daysAgo: 2, time: "10:15" },
  reason: "The proof of address is older than 3 months.",
  billMonthsOld: 4,
} as const;

/** How many days before its upload each utility bill is dated: well within the 3 months. */
export const DEMO_BILL_AGE_DAYS = 12;
