import { apiPaths, kycAcceptedFormats } from "@satsbank/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { kycDocuments } from "../../db/schema/index.js";
import { getJson, postJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import {
  isoDay,
  PDF_ACTIVE_MARKERS,
  pdfWithScripts,
  uploadGood,
  uploadRequest,
} from "../../test/kyc-helpers.js";
import { type TestCustomer, testCustomer } from "../../test/money-helpers.js";
import { measureOlderDocuments } from "./fingerprint-old-documents.js";
import { inspectDocument } from "./inspect-document.js";
import { kycReviewer } from "./reviewer.js";

// Documents uploaded before uploads were measured (migration 0026) have no content hash; the reviewer's
// passes read them from storage and measure them, so the automated review neither asks their customers to
// upload them again nor misses them as another customer's.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    kycReviewer: { soon: () => undefined, now: async () => 0, idle: async () => undefined },
  });
});
afterAll(() => t.close());

const row = async (id: string) =>
  (await t.db.select().from(kycDocuments).where(eq(kycDocuments.id, id)))[0] ??
  expect.fail(`no document ${id}`);

/** The document as an upload before migration 0026 left it: unmeasured, and a PDF as uploaded. */
async function asBefore0026(id: string, storedBytes?: Buffer) {
  const storageKey =
    storedBytes === undefined ? undefined : await t.storage.put(storedBytes, "application/pdf");
  await t.db
    .update(kycDocuments)
    .set({
      contentSha256: null,
      perceptualHash: null,
      greyStdev: null,
      ...(storageKey ? { storageKey } : {}),
    })
    .where(eq(kycDocuments.id, id));
}

async function olderSubmission(customer: TestCustomer) {
  const identity = await uploadGood(t, customer.token, "identity");
  const scripted = await pdfWithScripts(`Bank statement of ${customer.user.id}`);
  const address = await uploadRequest(
    t,
    customer.token,
    { kind: "address", documentDate: isoDay(10) },
    { bytes: scripted, fileName: "bill.pdf", type: "application/pdf" },
  );
  expect(address.statusCode, address.body).toBe(201);
  const selfie = await uploadGood(t, customer.token, "selfie");
  const measured = { identity: await row(identity.id), selfie: await row(selfie.id) };
  for (const document of [identity, selfie]) await asBefore0026(document.id);
  await asBefore0026(address.json().document.id, scripted);
  return { identity, addressId: address.json().document.id as string, selfie, measured, scripted };
}

describe("documents uploaded before uploads were measured", () => {
  it("are measured from storage as an upload is, a PDF stored again without its scripts", async () => {
    // Earlier tests' documents are measured first: start from a clean backlog.
    while ((await measureOlderDocuments(t, { limit: 100 })).next !== null);
    const customer = await testCustomer(t, { verified: false });
    const older = await olderSubmission(customer);
    const uploadedPdf = await row(older.addressId);
    expect(Buffer.from((await t.storage.get(uploadedPdf.storageKey)) ?? []).toString("latin1")).toContain(
      "/JavaScript",
    );

    const report = await measureOlderDocuments(t);
    expect(report).toMatchObject({ measured: 3, unreadable: 0, next: null });
    // The images: measured as an upload is, from the copy the upload stored (encoded again then, so
    // its pixels are not exactly the uploaded ones).
    for (const kind of ["identity", "selfie"] as const) {
      const measured = await row(older[kind].id);
      const stored = (await t.storage.get(measured.storageKey)) ?? expect.fail("the stored copy");
      const expected = await inspectDocument(stored, kycAcceptedFormats[kind]);
      expect(measured).toMatchObject({
        contentSha256: expected.contentSha256,
        perceptualHash: expected.perceptualHash,
        storageKey: older.measured[kind].storageKey,
      });
      expect(measured.greyStdev).toBeCloseTo(expected.greyStdev ?? -1, 6);
    }
    // The PDF: stored again without its active content, the file as uploaded gone.
    const pdf = await row(older.addressId);
    expect(pdf.contentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(pdf.storageKey).not.toBe(uploadedPdf.storageKey);
    expect(await t.storage.get(uploadedPdf.storageKey)).toBeNull();
    const cleaned = Buffer.from((await t.storage.get(pdf.storageKey)) ?? []).toString("latin1");
    for (const marker of PDF_ACTIVE_MARKERS) expect(cleaned).not.toContain(marker);

    // Measured once: the next pass has nothing to do.
    expect(await measureOlderDocuments(t)).toEqual({ measured: 0, unreadable: 0, next: null });
  });

  it("lets the automated review approve them, and pages past a file its storage cannot give", async () => {
    const customer = await testCustomer(t, { verified: false });
    const older = await olderSubmission(customer);
    const submitted = await postJson(
      t,
      apiPaths.kyc.submissions,
      {
        level: "basic",
        identityDocumentId: older.identity.id,
        addressDocumentId: older.addressId,
        selfieDocumentId: older.selfie.id,
      },
      { cookie: customer.token },
    );
    expect(submitted.statusCode, submitted.body).toBe(201);
    // A lost file, older than all of them: read, found missing, passed over.
    const lost = await uploadGood(t, (await testCustomer(t, { verified: false })).token, "selfie");
    await asBefore0026(lost.id);
    await t.db
      .update(kycDocuments)
      .set({ uploadedAt: new Date(0) })
      .where(eq(kycDocuments.id, lost.id));
    await t.storage.delete((await row(lost.id)).storageKey);

    const first = await measureOlderDocuments(t, { limit: 2 });
    expect(first).toMatchObject({ measured: 1, unreadable: 1, next: { id: older.identity.id } });
    const second = await measureOlderDocuments(t, { after: first.next, limit: 2 });
    expect(second).toMatchObject({ measured: 2, unreadable: 0, next: expect.anything() });
    expect(await measureOlderDocuments(t, { after: second.next, limit: 2 })).toEqual({
      measured: 0,
      unreadable: 0,
      next: null,
    });
    expect((await row(lost.id)).contentSha256).toBeNull();

    const reviewer = kycReviewer(
      { db: t.db, clock: systemClock, storage: t.storage },
      { error: () => undefined },
    );
    expect(await reviewer.now()).toBe(1);
    const overview = (await getJson(t, apiPaths.kyc.overview, { cookie: customer.token })).json();
    expect(overview.basic).toMatchObject({ status: "approved", reason: null });
  });
});
