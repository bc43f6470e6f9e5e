import { apiPaths, KYC_MAX_FILE_BYTES, kycMessages, kycUploadErrors } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { createRateLimiter } from "../../adapters/rate-limit/limiter.js";
import { getJson, postJson, signIn } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { isoDay, noiseImage, onePagePdf, uploadGood, uploadRequest } from "../../test/kyc-helpers.js";
import { type TestCustomer, testCustomer } from "../../test/money-helpers.js";
import { createStaff } from "../auth/index.js";
import { autoReviewReasons } from "./auto-review.js";
import { kycReviewer } from "./reviewer.js";
import { DOCUMENT_CSP } from "./routes.js";

let t: TestApp;
let staffToken: string;
const reviewer = () =>
  kycReviewer({ db: t.db, clock: systemClock, storage: t.storage }, { error: () => undefined });

beforeAll(async () => {
  // The automated review runs when a test asks it to (`reviewer().now()`), never by itself: each test
  // sees the pending state before the decision. The last test checks the app's own review.
  t = await createTestApp({
    kycReviewer: { soon: () => undefined, now: () => reviewer().now(), idle: async () => undefined },
  });
  const ctx = { db: t.db, clock: systemClock, limiter: createRateLimiter({ db: t.db, clock: systemClock }) };
  await createStaff({
    ctx,
    name: "Reviewer",
    email: "kyc-reviewer@example.com",
    password: "reviewer-password",
  });
  staffToken = (await signIn(t, { email: "kyc-reviewer@example.com", password: "reviewer-password" })).token;
});
afterAll(() => t.close());

const newcomer = () => testCustomer(t, { name: "Kyc Person", verified: false });

async function count(
  table: "kyc_documents" | "kyc_submissions" | "kyc_events" | "notifications",
): Promise<number> {
  const result = await t.db.execute<{ n: string }>(
    sql`select count(*)::text as n from ${sql.identifier(table)}`,
  );
  return Number(result.rows[0]?.n);
}

async function overview(customer: TestCustomer) {
  const res = await getJson(t, apiPaths.kyc.overview, { cookie: customer.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function submitBasic(customer: TestCustomer) {
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
  return { submission: res.json().submission, identity, address, selfie };
}

describe("uploads", () => {
  it("reads the type from the content: a renamed HTML file and a PDF as a selfie are refused, nothing kept", async () => {
    const customer = await newcomer();
    const before = await count("kyc_documents");
    const html = await uploadRequest(
      t,
      customer.token,
      { kind: "identity", documentType: "passport" },
      {
        bytes: Buffer.from("<html><script>alert(1)</script></html>"),
        fileName: "passport.png",
        type: "image/png",
      },
    );
    expect(html.statusCode).toBe(400);
    expect(html.json()).toMatchObject({ error: { fields: { file: kycUploadErrors.wrongType } } });
    const pdfSelfie = await uploadRequest(
      t,
      customer.token,
      { kind: "selfie" },
      { bytes: await onePagePdf(), fileName: "selfie.png", type: "image/png" },
    );
    expect(pdfSelfie.json()).toMatchObject({ error: { fields: { file: kycUploadErrors.wrongSelfieType } } });
    expect(await count("kyc_documents")).toBe(before);
  });

  it("refuses a file over 5 MB with a 413 and a clear message, and keeps nothing", async () => {
    const customer = await newcomer();
    const before = await count("kyc_documents");
    const res = await uploadRequest(
      t,
      customer.token,
      { kind: "identity", documentType: "passport" },
      { bytes: Buffer.alloc(KYC_MAX_FILE_BYTES + 1, 0xff), fileName: "big.jpg", type: "image/jpeg" },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      error: { code: "PAYLOAD_TOO_LARGE", message: kycUploadErrors.tooLarge },
    });
    expect(await count("kyc_documents")).toBe(before);
  });

  it("needs the identity document's type and a proof of address dated within 3 months", async () => {
    const customer = await newcomer();
    const image = { bytes: await noiseImage(800, 600), fileName: "id.jpg", type: "image/jpeg" };
    const noType = await uploadRequest(t, customer.token, { kind: "identity" }, image);
    expect(noType.json()).toMatchObject({
      error: { fields: { documentType: kycUploadErrors.missingDocumentType } },
    });
    const pdf = { bytes: await onePagePdf(), fileName: "bill.pdf", type: "application/pdf" };
    const old = await uploadRequest(t, customer.token, { kind: "address", documentDate: isoDay(120) }, pdf);
    expect(old.json()).toMatchObject({
      error: { fields: { documentDate: kycUploadErrors.documentDateTooOld } },
    });
    const recent = await uploadRequest(t, customer.token, { kind: "address", documentDate: isoDay(30) }, pdf);
    expect(recent.statusCode, recent.body).toBe(201);
    expect(recent.json().document).toMatchObject({ kind: "address", format: "pdf", fileName: "bill.pdf" });
  });

  it("serves a file to its owner and to staff only, as a sandboxed attachment that is never sniffed", async () => {
    const owner = await newcomer();
    const other = await newcomer();
    const document = await uploadGood(t, owner.token, "identity");
    const url = apiPaths.kyc.document(document.id);
    const mine = await getJson(t, url, { cookie: owner.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["content-type"]).toBe("image/jpeg");
    expect(mine.headers["content-disposition"]).toMatch(/^attachment; filename="identity\.jpg"/);
    expect(mine.headers["x-content-type-options"]).toBe("nosniff");
    expect(mine.headers["content-security-policy"]).toBe(DOCUMENT_CSP);
    expect(mine.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await getJson(t, url, { cookie: other.token })).statusCode).toBe(404);
    expect((await getJson(t, url)).statusCode).toBe(401);
    expect((await getJson(t, url, { cookie: staffToken })).statusCode).toBe(200);
  });
});

describe("the upload limit", () => {
  it("takes 30 documents an hour from a customer, then answers 429 and keeps nothing", async () => {
    const customer = await newcomer();
    const small = { bytes: await noiseImage(60, 40, "png"), fileName: "s.png", type: "image/png" };
    for (let i = 0; i < 30; i++) {
      expect((await uploadRequest(t, customer.token, { kind: "selfie" }, small)).statusCode).toBe(201);
    }
    const before = await count("kyc_documents");
    const refused = await uploadRequest(t, customer.token, { kind: "selfie" }, small);
    expect(refused.statusCode).toBe(429);
    expect(await count("kyc_documents")).toBe(before);
  });
});

describe("submission and the automated review", () => {
  it("takes identity, address and selfie to pending, then approves them: level 1, its limit, a notification", async () => {
    const customer = await newcomer();
    const { submission } = await submitBasic(customer);
    expect(submission).toMatchObject({ level: "basic", status: "pending", reason: null });
    let seen = await overview(customer);
    expect(seen).toMatchObject({ level: 0, resume: "status", basic: { status: "pending" } });
    expect(seen.items.map((item: { status: string }) => item.status)).toEqual([
      "pending",
      "pending",
      "required",
    ]);
    expect(seen.items[0].details.documentType).toBe("Passport");

    expect(await reviewer().now()).toBeGreaterThanOrEqual(1);
    seen = await overview(customer);
    expect(seen).toMatchObject({ level: 1, resume: null, basic: { status: "approved" } });
    expect(seen.items.map((item: { status: string }) => item.status)).toEqual([
      "verified",
      "verified",
      "required",
    ]);
    const wallet = await getJson(t, apiPaths.wallet.summary, { cookie: customer.token });
    expect(wallet.json()).toMatchObject({
      canSend: true,
      sendLimit: { level: 1, dailyLimitSats: "10000000" },
    });
    const events = await t.db.execute<{ item: string; to_status: string; actor: string }>(
      sql`select item, to_status, actor from kyc_events where user_id = ${customer.user.id} order by id`,
    );
    expect(events.rows.map((row) => `${row.item}:${row.to_status}:${row.actor}`)).toEqual([
      "identity:pending:customer",
      "address:pending:customer",
      "identity:verified:automated",
      "address:verified:automated",
    ]);
    const notices = await t.db.execute<{ title: string }>(
      sql`select title from notifications where user_id = ${customer.user.id} order by created_at`,
    );
    expect(notices.rows.map((row) => row.title)).toEqual(["Verification submitted", "Identity verified"]);
  });

  it("rejects an image smaller than 600x400 with its reason, and the customer can try again", async () => {
    const customer = await newcomer();
    const small = await uploadRequest(
      t,
      customer.token,
      { kind: "identity", documentType: "national_id" },
      { bytes: await noiseImage(500, 300), fileName: "id.jpg", type: "image/jpeg" },
    );
    const address = await uploadGood(t, customer.token, "address");
    const selfie = await uploadGood(t, customer.token, "selfie");
    await postJson(
      t,
      apiPaths.kyc.submissions,
      {
        level: "basic",
        identityDocumentId: small.json().document.id,
        addressDocumentId: address.id,
        selfieDocumentId: selfie.id,
      },
      { cookie: customer.token },
    );
    await reviewer().now();
    const seen = await overview(customer);
    expect(seen.basic).toMatchObject({ status: "rejected", reason: autoReviewReasons.tooSmall });
    expect(seen.items[0]).toMatchObject({
      status: "rejected",
      details: { message: autoReviewReasons.tooSmall },
    });
    expect(seen.resume).toBe("status");
    // Trying again: new files, a new submission.
    await submitBasic(customer);
    await reviewer().now();
    expect((await overview(customer)).level).toBe(1);
  });

  it("rejects a document another customer used, and a selfie that is one of the documents", async () => {
    // The same file, as received, uploaded by two customers: the second one's submission is refused.
    const first = await newcomer();
    const thief = await newcomer();
    const bytes = await noiseImage(900, 700);
    const passport = { bytes, fileName: "passport.jpg", type: "image/jpeg" };
    await uploadRequest(t, first.token, { kind: "identity", documentType: "passport" }, passport);
    const stolen = await uploadRequest(
      t,
      thief.token,
      { kind: "identity", documentType: "passport" },
      passport,
    );
    const address = await uploadGood(t, thief.token, "address");
    const selfie = await uploadGood(t, thief.token, "selfie");
    await postJson(
      t,
      apiPaths.kyc.submissions,
      {
        level: "basic",
        identityDocumentId: stolen.json().document.id,
        addressDocumentId: address.id,
        selfieDocumentId: selfie.id,
      },
      { cookie: thief.token },
    );

    const lazy = await newcomer();
    const face = await noiseImage(800, 600, "png");
    const asId = await uploadRequest(
      t,
      lazy.token,
      { kind: "identity", documentType: "passport" },
      { bytes: face, fileName: "id.png", type: "image/png" },
    );
    const asSelfie = await uploadRequest(
      t,
      lazy.token,
      { kind: "selfie" },
      { bytes: face, fileName: "me.png", type: "image/png" },
    );
    const lazyAddress = await uploadGood(t, lazy.token, "address");
    await postJson(
      t,
      apiPaths.kyc.submissions,
      {
        level: "basic",
        identityDocumentId: asId.json().document.id,
        addressDocumentId: lazyAddress.id,
        selfieDocumentId: asSelfie.json().document.id,
      },
      { cookie: lazy.token },
    );
    await reviewer().now();
    expect((await overview(thief)).basic).toMatchObject({
      status: "rejected",
      reason: autoReviewReasons.usedElsewhere,
    });
    expect((await overview(lazy)).basic).toMatchObject({
      status: "rejected",
      reason: autoReviewReasons.selfieIsDocument,
    });
  });

  it("refuses a second submission while one waits, and documents that are not the customer's", async () => {
    const customer = await newcomer();
    const other = await newcomer();
    const foreign = await uploadGood(t, other.token, "identity");
    const address = await uploadGood(t, customer.token, "address");
    const selfie = await uploadGood(t, customer.token, "selfie");
    const res = await postJson(
      t,
      apiPaths.kyc.submissions,
      {
        level: "basic",
        identityDocumentId: foreign.id,
        addressDocumentId: address.id,
        selfieDocumentId: selfie.id,
      },
      { cookie: customer.token },
    );
    expect(res.statusCode).toBe(400);
    await submitBasic(customer);
    const again = await postJson(
      t,
      apiPaths.kyc.submissions,
      {
        level: "basic",
        identityDocumentId: foreign.id,
        addressDocumentId: address.id,
        selfieDocumentId: selfie.id,
      },
      { cookie: customer.token },
    );
    expect(again.statusCode).toBe(409);
  });
});

describe("review by staff (KYC_REVIEW=manual)", () => {
  it("leaves a submission pending for staff, who reject it with a reason the customer reads, once", async () => {
    const manual = await createTestApp({ config: { kycReview: "manual" } });
    try {
      const customer = await testCustomer(manual, { verified: false });
      const identity = await uploadGood(manual, customer.token, "identity");
      const address = await uploadGood(manual, customer.token, "address");
      const selfie = await uploadGood(manual, customer.token, "selfie");
      const submitted = await postJson(
        manual,
        apiPaths.kyc.submissions,
        {
          level: "basic",
          identityDocumentId: identity.id,
          addressDocumentId: address.id,
          selfieDocumentId: selfie.id,
        },
        { cookie: customer.token },
      );
      const id = submitted.json().submission.id;
      expect(
        await kycReviewer(
          { db: manual.db, clock: systemClock, storage: manual.storage },
          { error: () => undefined },
        ).now(),
      ).toBe(0);

      const ctx = {
        db: manual.db,
        clock: systemClock,
        limiter: createRateLimiter({ db: manual.db, clock: systemClock }),
      };
      await createStaff({
        ctx,
        name: "Manual Reviewer",
        email: "manual@example.com",
        password: "manual-password",
      });
      const staff = (await signIn(manual, { email: "manual@example.com", password: "manual-password" }))
        .token;
      const decision = { decision: "reject", reason: "The passport photo is blurred." };
      expect(
        (await postJson(manual, apiPaths.admin.kycDecision(id), decision, { cookie: customer.token }))
          .statusCode,
      ).toBe(403);
      const res = await postJson(manual, apiPaths.admin.kycDecision(id), decision, { cookie: staff });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().submission).toMatchObject({
        status: "rejected",
        reason: "The passport photo is blurred.",
      });
      expect(
        (await postJson(manual, apiPaths.admin.kycDecision(id), { decision: "approve" }, { cookie: staff }))
          .statusCode,
      ).toBe(409);
      const seen = (await getJson(manual, apiPaths.kyc.overview, { cookie: customer.token })).json();
      expect(seen.items[0]).toMatchObject({
        status: "rejected",
        details: { message: "The passport photo is blurred." },
      });
      const staffEvent = await manual.db.execute<{ actor: string; reason: string }>(
        sql`select actor, reason from kyc_events where user_id = ${customer.user.id} and to_status = 'rejected' limit 1`,
      );
      expect(staffEvent.rows[0]).toEqual({ actor: "staff", reason: "The passport photo is blurred." });
    } finally {
      await manual.close();
    }
  });
});

describe("the automated review of a running app", () => {
  it("decides a new submission within moments, without anyone asking", async () => {
    const live = await createTestApp();
    try {
      const customer = await testCustomer(live, { verified: false });
      const identity = await uploadGood(live, customer.token, "identity");
      const address = await uploadGood(live, customer.token, "address");
      const selfie = await uploadGood(live, customer.token, "selfie");
      await postJson(
        live,
        apiPaths.kyc.submissions,
        {
          level: "basic",
          identityDocumentId: identity.id,
          addressDocumentId: address.id,
          selfieDocumentId: selfie.id,
        },
        { cookie: customer.token },
      );
      await expect
        .poll(
          async () => (await getJson(live, apiPaths.kyc.overview, { cookie: customer.token })).json().level,
        )
        .toBe(1);
    } finally {
      await live.close();
    }
  });
});

describe("the texts", () => {
  it("keep the specification's rejection words for the screen", () => {
    expect(kycMessages.rejected.text).toBe(
      "Unfortunately, we couldn't verify your identity with the provided documents.",
    );
  });
});
