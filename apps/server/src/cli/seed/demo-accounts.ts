import type { AccountType } from "@satsbank/shared";

/** Every seeded customer signs in with this password. */
export const DEMO_PASSWORD = "demo-password";

export type DemoCustomer = {
  name: string;
  email: string;
  /** Fixed for the accounts the README and the tests name; the others get the derived one. */
  username?: string;
  phone: string;
  accountType: AccountType;
};

/** The demo customers of the embedded default: the specification's demo user first. */
export const demoCustomers: readonly DemoCustomer[] = [
  {
    name: "Demo User",
    email: "demo@example.com",
    username: "demo",
    phone: "+1 555 0100",
    accountType: "personal",
  },
  {
    name: "Alice Johnson",
    email: "alice@example.com",
    username: "alice",
    phone: "+1 555 0101",
    accountType: "personal",
  },
  {
    name: "Bob Martinez",
    email: "bob@example.com",
    username: "bob",
    phone: "+1 555 0102",
    accountType: "business",
  },
  { name: "Carol Nguyen", email: "carol@example.com", phone: "+1 555 0103", accountType: "personal" },
  { name: "David Okafor", email: "david@example.com", phone: "+1 555 0104", accountType: "personal" },
  { name: "Élodie Durand", email: "elodie@example.com", phone: "+33 1 55 50 01 05", accountType: "personal" },
  {
    name: "Farhan Siddiqui",
    email: "farhan@example.com",
    phone: "+44 20 7946 0106",
    accountType: "business",
  },
  { name: "Grace Kim", email: "grace@example.com", phone: "+1 555 0107", accountType: "personal" },
  { name: "Hiroshi Tanaka", email: "hiroshi@example.com", phone: "+81 3 5550 0108", accountType: "business" },
  {
    name: "Isabella Rossi",
    email: "isabella@example.com",
    phone: "+39 06 5550 0109",
    accountType: "personal",
  },
  { name: "Jonas Müller", email: "jonas@example.com", phone: "+49 30 5550 0110", accountType: "business" },
  { name: "Kwame Mensah", email: "kwame@example.com", phone: "+233 30 555 0111", accountType: "personal" },
  {
    name: "Bluebird Bakery LLC",
    email: "orders@bluebird-bakery.example",
    phone: "+1 555 0112",
    accountType: "business",
  },
  { name: "Sofia Hernández", email: "sofia@example.com", phone: "+34 91 555 0113", accountType: "personal" },
  { name: "Liam Walsh", email: "liam@example.com", phone: "+353 1 555 0114", accountType: "personal" },
];

/**
 * When the demo customers signed up: the day before the opening deposits (demo-money.ts), at this UTC time,
 * then one every `DEMO_SIGN_UP_SPACING_MINUTES` in the order above, so Join Date has an order to sort by.
 */
export const demoSignUpTime = { daysBeforeOpening: 1, time: "08:00" } as const;
export const DEMO_SIGN_UP_SPACING_MINUTES = 47;

/** The seeded staff account (role admin, shown as "Super Admin"). */
export const demoStaff = { name: "Admin", email: "admin@example.com", password: "admin-password" } as const;

/**
 * A second member of staff: a withdrawal above WITHDRAWAL_DUAL_APPROVAL_SATS needs two approvals by two
 * different people (four eyes), so the demo has two.
 */
export const demoSecondStaff = {
  name: "Approver",
  email: "approver@example.com",
  password: "approver-password",
} as const;
