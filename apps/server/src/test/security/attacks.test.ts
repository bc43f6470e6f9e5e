import { afterAll, describe, expect, it, vi } from "vitest";
import { fingerprint } from "../fingerprint.js";
import { expectBooksBalanced } from "../money-helpers.js";
import type { Attack } from "./attack.js";
import { bruteForceAttacks } from "./brute-force-attacks.js";
import { csrfAttacks } from "./csrf-attacks.js";
import { documentAttacks } from "./document-attacks.js";
import { enumerationAttacks } from "./enumeration-attacks.js";
import { headerAttacks } from "./header-attacks.js";
import { injectionAttacks } from "./injection-attacks.js";
import { massAssignmentAttacks } from "./mass-assignment-attacks.js";
import { moneyAttacks } from "./money-attacks.js";
import { ownershipAttacks } from "./ownership-attacks.js";
import { passkeyAccountAttacks } from "./passkey-account-attacks.js";
import { passkeyApprovalAttacks } from "./passkey-approval-attacks.js";
import { proofAttacks } from "./proof-attacks.js";
import { rebindingAttacks } from "./rebinding-attacks.js";
import { recentPayeesAttacks } from "./recent-payees-attacks.js";
import { recipientLookUpAttacks } from "./recipient-look-up-attacks.js";
import { recoveryAttacks } from "./recovery-attacks.js";
import { sessionAttacks } from "./session-attacks.js";
import { staffRouteAttacks } from "./staff-route-attacks.js";
import { textAndAddressAttacks } from "./text-and-address-attacks.js";
import { uploadAttacks } from "./upload-attacks.js";
import { buildWorld } from "./world.js";
import { xssAttacks } from "./xss-attacks.js";

/**
 * The attack table (issue 13): each row is an attack on the bank, which asserts the refusal (status and
 * message), while this file asserts that nothing changed (every table but those the row names) and that
 * the books balance. A new route joins by a line in its category; CSRF rows come from the router itself.
 * Staff routes' refusals and staff two-factor: modules/admin/staff-access.test.ts (these rows add that
 * nothing changed).
 * Hostile text in every field of every route: test/hostile-input.test.ts.
 */

// Counts argon2 verifications, so the enumeration rows can see that an unknown email costs one too.
vi.mock("@node-rs/argon2", async (original) => {
  const argon2 = await original<typeof import("@node-rs/argon2")>();
  return { ...argon2, verify: vi.fn(argon2.verify) };
});

const w = await buildWorld();
afterAll(() => w.close());
await w.t.app.ready();
const routes = w.t.app.printRoutes({ commonPrefix: false });

const table: Record<string, Attack[]> = {
  "SQL injection": injectionAttacks,
  "stored XSS": xssAttacks,
  "another customer's resources by id": ownershipAttacks,
  "customers and the signed-out on every staff route": staffRouteAttacks(routes),
  "session fixation": sessionAttacks,
  "mass assignment": massAssignmentAttacks,
  "brute force under bursts": bruteForceAttacks,
  enumeration: enumerationAttacks,
  uploads: uploadAttacks,
  "documents that lie: copies, blanks, scripts": documentAttacks,
  "amounts and replayed idempotency keys": moneyAttacks,
  "headers and cookie flags": headerAttacks,
  "cross-site request forgery": csrfAttacks(routes),
  "DNS rebinding onto a development server": rebindingAttacks,
  "text no database holds as typed, and mixed-case addresses": textAndAddressAttacks,
  "the send form's recipient look-up": recipientLookUpAttacks,
  "another customer's recent payees": recentPayeesAttacks,
  "recovery codes, Resend code, a deactivated session and the public contact form": recoveryAttacks,
  "a withdrawal without the passkey's approval of exactly it": passkeyApprovalAttacks,
  "passkeys: a stale session adding one, replays, another's passkey or proof": passkeyAccountAttacks,
  "proof of reserves: another customer's leaf, epoch numbers that are not numbers": proofAttacks,
};

const tables = Object.keys(await fingerprint(w.t));

describe.each(Object.entries(table))("%s", (_, attacks) => {
  it.each(attacks.map((row) => [row.name, row] as const))("%s", async (_name, row) => {
    for (const name of row.mayChange ?? []) expect(tables, "mayChange names a table").toContain(name);
    const setup = await row.before?.(w);
    const before = await fingerprint(w.t, row.mayChange);
    await row.attack(w, setup);
    expect(await fingerprint(w.t, row.mayChange)).toEqual(before);
    await expectBooksBalanced(w.t.db);
  });
});
