// The demo customer's notifications, made by real events: Notification Settings chosen at the opening
// (demo-money.ts), so the seeded deposits, sends and withdrawal tell them of their money; two sign-ins
// through the sign-in use cases, the second from a new device and place (a suspicious sign-in, always
// told); messages from the seeded staff account. What is older than a week has been read.

import type { NotificationSettingsBody } from "@satsbank/shared";

/** Whose notifications these are: the specification's demo user. */
export const DEMO_EMAIL = "demo@example.com";

/** As a customer who chose them: alerts in the app, no emails. Saved at the opening. */
export const demoNotificationSettings = {
  transactionAlerts: true,
  securityAlerts: true,
  emailNotifications: false,
} as const satisfies NotificationSettingsBody;

export type DemoSignIn = {
  /** A documentation address (RFC 5737): no real client has it, so the login history shows it is the seed's. */
  ip: string;
  userAgent: string;
  daysAgo: number;
  time: `${number}:${number}`;
};

/**
 * The demo customer's sign-ins, oldest first: from their desktop browser, then from a phone, a new
 * device and place, which the login history marks suspicious and the customer is told of.
 */
export const demoCustomerSignIns: readonly DemoSignIn[] = [
  {
    ip: "198.51.100.23",
    userAgent:
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
    daysAgo: 20,
    time: "18:30",
  },
  {
    ip: "203.0.113.7",
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    daysAgo: 2,
    time: "12:40",
  },
];

/** How long the code takes to type: the second step comes this long after the first. */
export const CODE_TYPED_AFTER_MS = 40_000;

export type DemoStaffMessage = {
  /** The subject; `{brand}` is the configured brand name. Also how a later run knows it was sent. */
  subject: string;
  body: (facts: { brand: string; sent: Date }) => string;
  daysAgo: number;
  time: `${number}:${number}`;
};

const DAY_MS = 86_400_000;
const dayOf = (when: Date) =>
  when.toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });

/** Messages from the seeded staff account to the demo customer, oldest first. */
export const demoStaffMessages: readonly DemoStaffMessage[] = [
  {
    subject: "Welcome to {brand}",
    body: ({ brand }) =>
      [
        "Hi Demo,",
        "",
        `Welcome to ${brand}! Your identity is verified, so you can send and receive bitcoin right away.`,
        "Your deposit address is on the Receive screen, and Help & Support answers the common questions.",
        "",
        `The ${brand} team`,
      ].join("\n"),
    daysAgo: 44,
    time: "10:00",
  },
  {
    subject: "Keep your account safe with two-factor authentication",
    body: () =>
      [
        "Hi Demo,",
        "",
        "Add a second step to signing in: turn on Two-Factor Authentication in Profile > Security Settings,",
        "and every sign-in asks for a code from your authenticator app as well as your password.",
        "",
        "We will never ask you for your password or a code.",
      ].join("\n"),
    daysAgo: 15,
    time: "09:30",
  },
  {
    subject: "Scheduled maintenance",
    body: ({ brand, sent }) =>
      [
        "Hi Demo,",
        "",
        `We are updating our systems early on ${dayOf(new Date(sent.getTime() + 2 * DAY_MS))}, between 02:00 and 03:00 UTC.`,
        "Sending and receiving may pause for a few minutes. Your balance is safe and there is nothing you need to do.",
        "",
        `Thank you for banking with ${brand}.`,
      ].join("\n"),
    daysAgo: 5,
    time: "16:00",
  },
];

/** Notifications older than this many days have been opened; the newer ones are left for the demo to find. */
export const DEMO_READ_AFTER_DAYS = 7;
