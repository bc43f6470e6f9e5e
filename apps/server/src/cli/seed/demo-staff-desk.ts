// What the seeded staff account has on its desk on a fresh start, made through the staff use cases: an
// inactive customer, and support requests in each status (open, answered, closed). The chain's pending and
// failed rows are in demo-money.ts; the KYC submissions waiting for review in demo-kyc.ts.

/** Deactivated by the seeded staff account this long before the seed runs, with this reason. */
export const demoDeactivation = {
  email: "liam@example.com",
  hoursAgo: 3,
  reason:
    "The customer phoned to say their phone was stolen with the app signed in. Inactive until they confirm their identity on a call.",
} as const;

export type DemoSupportRequest = {
  email: string;
  subject: string;
  message: string;
  /** Sent this many days before the seed runs, at this UTC time of day. */
  daysAgo: number;
  time: `${number}:${number}`;
  /** Staff's answer, this many hours after the request; null: still open. */
  reply: { message: string; hoursLater: number } | null;
  /** Staff closed it this many hours after the request (after the reply). */
  closedHoursLater?: number;
};

/** Oldest first. alice's is about her failed deposit (demoFailedDeposit, a day before). */
export const demoSupportRequests: readonly DemoSupportRequest[] = [
  {
    email: "bob@example.com",
    subject: "Statements for my accountant",
    message:
      "Hello, my accountant needs a list of this quarter's payments for the business. Can I get one from the app?",
    daysAgo: 12,
    time: "11:20",
    reply: {
      message:
        "Hello Bob, every payment is in History, where you can search and open each one for its details. We have also emailed your accountant's list to this address. Kind regards, Satsbank support",
      hoursLater: 5,
    },
    closedHoursLater: 30,
  },
  {
    email: "orders@bluebird-bakery.example",
    subject: "Why was our verification rejected?",
    message:
      "We uploaded our documents for the bakery's account and the verification was rejected. What do we need to send?",
    daysAgo: 2,
    time: "12:30",
    reply: {
      message:
        "Hello, the electricity bill you uploaded is more than 3 months old. Please upload a bill or bank statement from the last 3 months through Try Again, and we will review it the same day.",
      hoursLater: 4,
    },
  },
  {
    email: "alice@example.com",
    subject: "My deposit has not arrived",
    message:
      "I sent 0.0025 BTC from my own wallet to my deposit address last week. History showed it as pending, and now it says failed. Where is my money?",
    daysAgo: 5,
    time: "08:45",
    reply: null,
  },
];
