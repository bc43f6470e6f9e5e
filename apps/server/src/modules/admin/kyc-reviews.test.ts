import { apiPaths, type KycReview, kycMessages } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { getJson, postJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { uploadGood } from "../../test/kyc-helpers.js";
import { type TestCustomer, testCustomer } from "../../test/money-helpers.js";
import { type TestStaff, testStaff } from "../../test/staff-helpers.js";
import { reviewPendingAutomatically } from "../kyc/auto-review.js";
import { decideSubmission } from "../kyc/index.js";

let t: TestApp;
let staff: TestStaff;
beforeAll(async () => {
  // The automated review runs only when a test calls it.
  t = await createTestApp({
    kycReviewer: { soon: () => undefined, now: async () => 0, idle: async () => undefined },
  });
  staff = await testStaff(t, { name: "Kyc Officer" });
});
afterAll(() => t.close());

const newcomer = (name: string) => testCustomer(t, { name, verified: false });

async function submitBasic(customer: TestCustomer): Promise<string> {
  const identity = await uploadGood(t, customer.token, "identity");
  const address = await uploadGood(t, customer.token, "address");
  const selfie = await uploadGood(t, customer.token, "selfie");
  const res = await postJson(
    t,
    apiPaths.kyc.submissions,
    {
      level: "basic",
      identityDocumentId: identity.id,
      addressDocumentId: address.id,
      selfieDocumentId: selfie.id,
    },
    { cookie: customer.token },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().submission.id;
}

async function reviews(status: string): Promise<KycReview[]> {
  const res = await getJson(t, `${apiPaths.admin.kycSubmissions}?status=${status}&limit=100`, {
    cookie: staff.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

const decide = (id: string, body: object) =>
  postJson(t, apiPaths.admin.kycDecision(id), body, { cookie: staff.token, remoteAddress: "192.0.2.8" });

const overview = async (customer: TestCustomer) =>
  (await getJson(t, apiPaths.kyc.overview, { cookie: customer.token })).json();

const latestNotification = async (customer: TestCustomer) =>
  (await getJson(t, apiPaths.notifications.list, { cookie: customer.token })).json().items[0];

describe("GET /api/admin/kyc/submissions (KYC Reviews)", () => {
  it("lists pending submissions oldest first, with the customer, the documents side by side and the history", async () => {
    const first = await newcomer("First Waiting");
    const firstId = await submitBasic(first);
    const second = await newcomer("Second Waiting");
    const secondId = await submitBasic(second);
    const pending = await reviews("pending");
    const ids = pending.map((review) => review.id);
    expect(ids.indexOf(firstId)).toBeLessThan(ids.indexOf(secondId));
    const review = pending.find((item) => item.id === firstId);
    expect(review).toMatchObject({
      level: "basic",
      status: "pending",
      reason: null,
      decidedAt: null,
      decidedBy: null,
      decidedByStaff: null,
      customer: {
        id: first.user.id,
        name: "First Waiting",
        email: first.user.email,
        username: first.user.username,
      },
      sourceOfFunds: null,
      decidable: true,
    });
    expect(review?.documents.map((d) => [d.kind, d.format, d.documentType])).toEqual(
      expect.arrayContaining([
        ["identity", "jpeg", "passport"],
        ["address", "pdf", null],
        ["selfie", "png", null],
      ]),
    );
    expect(review?.documents.every((d) => d.url === apiPaths.kyc.document(d.id))).toBe(true);
    expect(review?.history.map((entry) => [entry.item, entry.from, entry.to, entry.actor])).toEqual([
      ["identity", "required", "pending", "customer"],
      ["address", "required", "pending", "customer"],
    ]);

    // One page at a time.
    const page = await getJson(t, `${apiPaths.admin.kycSubmissions}?status=pending&limit=1`, {
      cookie: staff.token,
    });
    const next = page.json().nextCursor;
    expect(page.json().items).toHaveLength(1);
    const after = await getJson(
      t,
      `${apiPaths.admin.kycSubmissions}?status=pending&limit=1&cursor=${encodeURIComponent(next)}`,
      { cookie: staff.token },
    );
    expect(after.json().items[0].id).toBe(ids[1]);
  });

  it("approves a pending one: the customer's items, level and notification follow, and it is audited", async () => {
    const customer = await newcomer("Approve Me");
    const id = await submitBasic(customer);
    const res = await decide(id, { decision: "approve", reason: "Documents clear" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await overview(customer)).level).toBe(1);
    expect(await latestNotification(customer)).toMatchObject({
      kind: "verification",
      title: "Identity verified",
    });
    const approved = (await reviews("approved")).find((review) => review.id === id);
    expect(approved).toMatchObject({
      decidedBy: "staff",
      decidedByStaff: { id: staff.user.id, name: "Kyc Officer" },
      decidable: false,
    });
    const audit = await getJson(t, `${apiPaths.admin.audit}?target=${id}`, { cookie: staff.token });
    expect(audit.json().items).toEqual([
      expect.objectContaining({
        action: "kyc.decided",
        target: { type: "kyc_submission", id },
        customer: expect.objectContaining({ id: customer.user.id }),
        ipAddress: "192.0.2.8",
        reason: "Documents clear",
        details: { level: "basic", decision: "approved" },
      }),
    ]);
  });
});

describe("staff overriding an automated decision", () => {
  it("rejects an automated approval with a reason: items, limits and notifications follow, both decisions kept", async () => {
    const customer = await newcomer("Auto Approved");
    const id = await submitBasic(customer);
    await reviewPendingAutomatically({ db: t.db, clock: systemClock });
    expect((await overview(customer)).level).toBe(1);
    const automated = (await reviews("approved")).find((review) => review.id === id);
    expect(automated).toMatchObject({ decidedBy: "automated", decidedByStaff: null, decidable: true });

    const noReason = await decide(id, { decision: "reject" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toHaveProperty("reason");
    expect((await decide(id, { decision: "approve", reason: "Looks fine" })).statusCode).toBe(409);

    const reason = "The selfie is a photo of a screen.";
    const res = await decide(id, { decision: "reject", reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().submission).toMatchObject({ id, status: "rejected", reason });
    const seen = await overview(customer);
    expect(seen.level).toBe(0);
    expect(seen.items[0]).toMatchObject({ status: "rejected", details: { message: reason } });
    expect(seen.basic).toMatchObject({ id, status: "rejected", reason });
    expect(await latestNotification(customer)).toMatchObject({
      kind: "verification",
      title: kycMessages.rejected.title,
      message: `${kycMessages.rejected.text} ${reason}`,
    });
    // Sending is closed again.
    const quote = await postJson(
      t,
      apiPaths.wallet.quote,
      { recipient: "nobody", amountSats: "1000" },
      { cookie: customer.token },
    );
    expect(quote.json().error.reason).toBe("notVerified");

    const review = (await reviews("rejected")).find((item) => item.id === id);
    expect(review).toMatchObject({ decidedBy: "staff", decidable: false, reason });
    expect(review?.history.map((entry) => [entry.item, entry.to, entry.actor, entry.reason])).toEqual([
      ["identity", "pending", "customer", null],
      ["address", "pending", "customer", null],
      ["identity", "verified", "automated", null],
      ["address", "verified", "automated", null],
      ["identity", "rejected", "staff", reason],
      ["address", "rejected", "staff", reason],
    ]);
    const audit = await getJson(t, `${apiPaths.admin.audit}?target=${id}`, { cookie: staff.token });
    expect(audit.json().items[0]).toMatchObject({
      action: "kyc.overridden",
      reason,
      details: {
        level: "basic",
        decision: "rejected",
        replaced: { status: "approved", decidedBy: "automated", reason: null },
      },
    });
    // Staff's decision is not overridden in turn.
    expect((await decide(id, { decision: "approve", reason: "Changed my mind" })).statusCode).toBe(409);
  });

  it("approves an automated rejection, but not once the customer submitted again", async () => {
    const customer = await newcomer("Auto Rejected");
    const id = await submitBasic(customer);
    await decideSubmission({
      ctx: { db: t.db, clock: systemClock },
      submissionId: id,
      decision: "reject",
      reason: "The document is too small.",
      decider: { actor: "automated" },
    });
    const again = await newcomer("Resubmitted");
    const firstId = await submitBasic(again);
    await decideSubmission({
      ctx: { db: t.db, clock: systemClock },
      submissionId: firstId,
      decision: "reject",
      reason: "The document is too small.",
      decider: { actor: "automated" },
    });
    const secondId = await submitBasic(again);
    expect((await reviews("rejected")).find((review) => review.id === firstId)?.decidable).toBe(false);
    expect((await decide(firstId, { decision: "approve", reason: "It was fine" })).statusCode).toBe(409);
    expect((await reviews("pending")).find((review) => review.id === secondId)?.decidable).toBe(true);

    const res = await decide(id, { decision: "approve", reason: "Readable at full size" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await overview(customer)).level).toBe(1);
    expect(await latestNotification(customer)).toMatchObject({ title: "Identity verified" });
    expect((await decide("0b8f7c1e-4a59-4b51-9a59-3f6c3c9c2a11", { decision: "approve" })).statusCode).toBe(
      404,
    );
  });
});
