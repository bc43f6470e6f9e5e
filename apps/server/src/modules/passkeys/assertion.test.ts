import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, passkeys } from "../../db/schema/index.js";
import { type FakeClock, fakeClock, signUp } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { testConfig } from "../../test/test-config.js";
import { assertionOptions, verifyAssertion } from "./assertion.js";
import { type BoundFacts, issueChallenge } from "./challenges.js";
import { withCounterFlagging } from "./flagging.js";
import type { PasskeyRow } from "./passkey-queries.js";
import { relyingPartyOf } from "./relying-party.js";
import { enrolPasskey } from "./test/enrol-passkey.js";
import type { SoftAuthenticator } from "./test/soft-authenticator.js";

// The assertion core every passkey ceremony shares (sign-in, fresh proof, a withdrawal's approval, a staff
// action's step-up): single-use challenges, bound facts, the credential's owner, the signature's origin
// and RP ID, user verification and the counter rule.

let t: TestApp;
let clock: FakeClock;
const rp = relyingPartyOf({ publicUrl: testConfig().publicUrl, brandName: "Satsbank" });
const withdrawal: BoundFacts = {
  recipient: "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080",
  amountSats: "150000",
  feeSats: "1000",
  idempotencyKey: "1b4e28ba-2fa1-11d2-883f-0016d3cca427",
};

beforeAll(async () => {
  clock = fakeClock();
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function customerWithPasskey(options: { counting?: boolean } = {}) {
  const { user } = await signUp(t);
  const { authenticator, passkeyId } = await enrolPasskey(t.db, {
    userId: user.id as string,
    rp,
    now: clock.now(),
    ...options,
  });
  return { userId: user.id as string, authenticator, passkeyId };
}

/** A challenge for `purpose` (bound to `facts` when given) and its options, as the server would issue them. */
async function challengeFor(userId: string | null, purpose: "signIn" | "withdrawal", facts?: BoundFacts) {
  const issued = await issueChallenge(t.db, {
    purpose,
    userId,
    sessionId: null,
    now: clock.now(),
    bound: facts,
  });
  const options = await assertionOptions(rp, { challenge: issued.challenge, passkeys: [] as PasskeyRow[] });
  return { challengeId: issued.challengeId, options };
}

function verify(
  approval: { challengeId: string; response: ReturnType<SoftAuthenticator["assert"]> },
  {
    userId,
    purpose = "withdrawal",
    facts = withdrawal,
  }: { userId: string | null; purpose?: "signIn" | "withdrawal"; facts?: BoundFacts },
) {
  return withCounterFlagging({ db: t.db, clock }, () =>
    t.db.transaction((tx) =>
      verifyAssertion(
        tx,
        { clock, rp },
        { approval, purpose, userId, facts: purpose === "withdrawal" ? facts : undefined },
      ),
    ),
  );
}

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "accepted",
    (error: { reason?: string; code?: string; message?: string }) =>
      error.code === undefined ? String(error.message) : `${error.code}:${error.reason}`,
  );

describe("a withdrawal's approval (a challenge bound to the withdrawal)", () => {
  it("verifies the owner's signature over exactly this withdrawal, once", async () => {
    const { userId, authenticator, passkeyId } = await customerWithPasskey();
    const { challengeId, options } = await challengeFor(userId, "withdrawal", withdrawal);
    const approval = { challengeId, response: authenticator.assert(options) };

    const verified = await verify(approval, { userId });
    expect(verified.userId).toBe(userId);
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, passkeyId));
    expect(row?.signCount).toBe(2);
    expect(row?.lastUsedAt).toEqual(clock.now());

    // The same assertion again: the challenge was used (409), whatever the body.
    expect(await reasonOf(verify(approval, { userId }))).toBe("CONFLICT:passkeyReused");
  });

  it("refuses a changed amount, address, fee or key (400) and gives the challenge back", async () => {
    const { userId, authenticator } = await customerWithPasskey();
    const { challengeId, options } = await challengeFor(userId, "withdrawal", withdrawal);
    const changes: BoundFacts[] = [
      { amountSats: "150001" },
      { recipient: "bcrt1q000000000000000000000000000000000000000" },
      { feeSats: "0" },
      { idempotencyKey: "2b4e28ba-2fa1-11d2-883f-0016d3cca427" },
    ];
    for (const changed of changes) {
      const approval = { challengeId, response: authenticator.assert(options) };
      expect(await reasonOf(verify(approval, { userId, facts: { ...withdrawal, ...changed } }))).toBe(
        "BAD_REQUEST:passkeyChanged",
      );
    }
    // Nothing was used up by the refusals: the right withdrawal still goes through.
    const approval = { challengeId, response: authenticator.assert(options) };
    expect((await verify(approval, { userId })).userId).toBe(userId);
  });

  it("refuses an expired challenge, another customer's passkey, a tampered challenge", async () => {
    const { userId, authenticator } = await customerWithPasskey();
    const other = await customerWithPasskey();

    const late = await challengeFor(userId, "withdrawal", withdrawal);
    clock.advance(5 * 60_000);
    expect(
      await reasonOf(
        verify({ challengeId: late.challengeId, response: authenticator.assert(late.options) }, { userId }),
      ),
    ).toBe("BAD_REQUEST:passkeyExpired");

    const mine = await challengeFor(userId, "withdrawal", withdrawal);
    const byOther = { challengeId: mine.challengeId, response: other.authenticator.assert(mine.options) };
    expect(await reasonOf(verify(byOther, { userId }))).toBe("BAD_REQUEST:passkeyNotVerified");

    // Another customer's challenge answered by its owner's passkey, sent as this customer's approval.
    const theirs = await challengeFor(other.userId, "withdrawal", withdrawal);
    const crossed = { challengeId: theirs.challengeId, response: other.authenticator.assert(theirs.options) };
    expect(await reasonOf(verify(crossed, { userId }))).toBe("BAD_REQUEST:passkeyExpired");

    const tampered = {
      challengeId: mine.challengeId,
      response: authenticator.assert(mine.options, { challenge: "AAAA" }),
    };
    expect(await reasonOf(verify(tampered, { userId }))).toBe("BAD_REQUEST:passkeyNotVerified");
  });

  it("refuses another origin, another RP ID and no user verification", async () => {
    const { userId, authenticator } = await customerWithPasskey();
    for (const knobs of [
      { origin: "https://bank.evil.example" },
      { rpId: "evil.example" },
      { userVerified: false },
    ]) {
      const { challengeId, options } = await challengeFor(userId, "withdrawal", withdrawal);
      const approval = { challengeId, response: authenticator.assert(options, knobs) };
      expect(await reasonOf(verify(approval, { userId })), JSON.stringify(knobs)).toBe(
        "BAD_REQUEST:passkeyNotVerified",
      );
    }
  });

  it("refuses a counter that goes backwards and flags the passkey, telling the customer and staff", async () => {
    const { userId, authenticator, passkeyId } = await customerWithPasskey();
    const first = await challengeFor(userId, "withdrawal", withdrawal);
    await verify(
      { challengeId: first.challengeId, response: authenticator.assert(first.options, { counter: 10 }) },
      { userId },
    );

    const cloned = await challengeFor(userId, "withdrawal", withdrawal);
    const approval = {
      challengeId: cloned.challengeId,
      response: authenticator.assert(cloned.options, { counter: 7 }),
    };
    expect(await reasonOf(verify(approval, { userId }))).toBe("FORBIDDEN:passkeyFlagged");

    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, passkeyId));
    expect(row?.flaggedAt).toEqual(clock.now());
    expect(row?.signCount).toBe(10);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, userId));
    // Mailed whatever the customer's settings say (theirs are the defaults: every switch off).
    expect(told.filter((n) => n.kind === "passkey_flagged").map((n) => n.email)).toEqual([
      expect.stringMatching(/^(due|sent)$/),
    ]);

    // Flagged: refused from then on, even with a counter that goes up.
    const after = await challengeFor(userId, "withdrawal", withdrawal);
    const next = {
      challengeId: after.challengeId,
      response: authenticator.assert(after.options, { counter: 11 }),
    };
    expect(await reasonOf(verify(next, { userId }))).toBe("FORBIDDEN:passkeyFlagged");
  });

  it("accepts authenticators that keep no counter (always 0)", async () => {
    const { userId, authenticator } = await customerWithPasskey({ counting: false });
    for (let i = 0; i < 2; i++) {
      const { challengeId, options } = await challengeFor(userId, "withdrawal", withdrawal);
      expect(
        (await verify({ challengeId, response: authenticator.assert(options) }, { userId })).userId,
      ).toBe(userId);
    }
  });

  it("lets one of two racing requests with the same approval through", async () => {
    const { userId, authenticator } = await customerWithPasskey({ counting: false });
    const { challengeId, options } = await challengeFor(userId, "withdrawal", withdrawal);
    const approval = { challengeId, response: authenticator.assert(options) };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => reasonOf(verify(approval, { userId }))),
    );
    expect(results.filter((r) => r === "accepted")).toHaveLength(1);
    expect(results.filter((r) => r === "CONFLICT:passkeyReused")).toHaveLength(4);
  });
});

describe("a sign-in's assertion (a discoverable credential)", () => {
  it("names the credential's owner, and a challenge of another purpose is refused", async () => {
    const { userId, authenticator } = await customerWithPasskey();
    const signIn = await challengeFor(null, "signIn");
    const verified = await verify(
      { challengeId: signIn.challengeId, response: authenticator.assert(signIn.options) },
      { userId: null, purpose: "signIn" },
    );
    expect(verified.userId).toBe(userId);

    const bound = await challengeFor(userId, "withdrawal", withdrawal);
    const misused = { challengeId: bound.challengeId, response: authenticator.assert(bound.options) };
    expect(await reasonOf(verify(misused, { userId: null, purpose: "signIn" }))).toBe(
      "BAD_REQUEST:passkeyExpired",
    );
  });
});
