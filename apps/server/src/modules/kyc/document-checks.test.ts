import { randomUUID } from "node:crypto";
import { apiPaths } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { getJson, postJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { rowsOf } from "../../test/fingerprint.js";
import {
  isoDay,
  PDF_ACTIVE_MARKERS,
  pdfWithScripts,
  photoImage,
  plainImage,
  uploadGood,
  uploadRequest,
} from "../../test/kyc-helpers.js";
import { type TestCustomer, testCustomer } from "../../test/money-helpers.js";
import { autoReviewReasons, BLANK_MAX_GREY_STDEV } from "./auto-review.js";
import { countDocumentsOfOthers, sameDocumentAs } from "./likeness-queries.js";
import { insertDocument } from "./queries.js";
import { kycReviewer } from "./reviewer.js";
import { DOCUMENT_CSP } from "./routes.js";

// Issue 20, items 2 to 4, end to end: a copy of another customer's document (a byte appended, re-encoded,
// resized, other metadata) and a blank image are refused by the automated review; a PDF is stored without
// its scripts and served sandboxed.

let t: TestApp;
const reviewer = () =>
  kycReviewer({ db: t.db, clock: systemClock, storage: t.storage }, { error: () => undefined });

beforeAll(async () => {
  t = await createTestApp({
    kycReviewer: { soon: () => undefined, now: () => reviewer().now(), idle: async () => undefined },
  });
});
afterAll(() => t.close());

type File = { bytes: Buffer; fileName: string; type: string };
const jpeg = (bytes: Buffer, fileName = "passport.jpg"): File => ({ bytes, fileName, type: "image/jpeg" });
const png = (bytes: Buffer, fileName = "passport.png"): File => ({ bytes, fileName, type: "image/png" });
const pdf = (bytes: Buffer, fileName = "bill.pdf"): File => ({ bytes, fileName, type: "application/pdf" });

async function upload(customer: TestCustomer, fields: Record<string, string>, file: File): Promise<string> {
  const res = await uploadRequest(t, customer.token, fields, file);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().document.id;
}

/**
 * A new customer submits basic verification with these files (the others good ones of their own), the
 * automated review runs, and the customer's submission is answered: its status and reason.
 */
async function reviewed(files: { identity?: File; address?: File; selfie?: File }) {
  const customer = await testCustomer(t, { name: "Kyc Person", verified: false });
  const identityDocumentId = files.identity
    ? await upload(customer, { kind: "identity", documentType: "passport" }, files.identity)
    : (await uploadGood(t, customer.token, "identity")).id;
  const addressDocumentId = files.address
    ? await upload(customer, { kind: "address", documentDate: isoDay(10) }, files.address)
    : (await uploadGood(t, customer.token, "address")).id;
  const selfieDocumentId = files.selfie
    ? await upload(customer, { kind: "selfie" }, files.selfie)
    : (await uploadGood(t, customer.token, "selfie")).id;
  const submitted = await postJson(
    t,
    apiPaths.kyc.submissions,
    { level: "basic", identityDocumentId, addressDocumentId, selfieDocumentId },
    { cookie: customer.token },
  );
  expect(submitted.statusCode, submitted.body).toBe(201);
  await reviewer().now();
  const overview = (await getJson(t, apiPaths.kyc.overview, { cookie: customer.token })).json();
  return { status: overview.basic.status, reason: overview.basic.reason, customer };
}

const approved = { status: "approved", reason: null };

describe("a document another customer uploaded, in another file", () => {
  it("is refused by the automated review: a byte appended, re-encoded, resized, other metadata", async () => {
    const passport = await photoImage(2001);
    const bill = await pdfWithScripts();
    // The owner is verified with them first: the first customer to show a document is its owner.
    expect(await reviewed({ identity: jpeg(passport), address: pdf(bill) })).toMatchObject(approved);

    const { width = 0 } = await sharp(passport).metadata();
    const comment = Buffer.from([0xff, 0xfe, 0x00, 0x0a, ...Buffer.from("Scanned!")]);
    const copies: Record<string, { identity?: File; address?: File }> = {
      "one byte appended": { identity: jpeg(Buffer.concat([passport, Buffer.from([0])])) },
      "a comment added (other metadata, the same pixels)": {
        identity: jpeg(Buffer.concat([passport.subarray(0, 2), comment, passport.subarray(2)])),
      },
      "saved as PNG": { identity: png(await sharp(passport).png().toBuffer()) },
      "re-encoded at JPEG quality 70": {
        identity: jpeg(await sharp(passport).jpeg({ quality: 70 }).toBuffer()),
      },
      "resized to 95%": {
        identity: jpeg(
          await sharp(passport)
            .resize(Math.round(width * 0.95))
            .jpeg()
            .toBuffer(),
        ),
      },
      "the owner's PDF with a line appended": {
        address: pdf(Buffer.concat([bill, Buffer.from("\n% mine now\n")])),
      },
    };
    for (const [name, files] of Object.entries(copies)) {
      expect(await reviewed(files), name).toEqual(
        expect.objectContaining({ status: "rejected", reason: autoReviewReasons.usedElsewhere }),
      );
    }
    // A passport of one's own, a different photo, passes.
    expect(await reviewed({ identity: jpeg(await photoImage(2002)) })).toMatchObject(approved);
  });

  it("is found by the indexed lookup within 4 bits of its perceptual hash, not at 5", async () => {
    const owner = await testCustomer(t, { name: "Hash Owner", verified: false });
    // The top bit set: a negative bigint, as half of all hashes are.
    const hash = BigInt.asIntN(64, 0xc3a5_5a3c_0ff0_f00fn);
    const flip = (bits: number[]) =>
      bits.reduce((h, bit) => BigInt.asIntN(64, h ^ (1n << BigInt(bit))), hash);
    // Four bits, one in each of four bands: no band but the fifth is equal.
    const near = flip([63, 40, 30, 20]);
    const far = flip([63, 40, 30, 20, 5]);
    await insertDocument(t.db, {
      id: randomUUID(),
      userId: owner.user.id,
      kind: "identity",
      documentType: "passport",
      documentDate: null,
      fileName: "stored.jpg",
      format: "jpeg",
      contentType: "image/jpeg",
      sizeBytes: 1000,
      sha256: "a".repeat(64),
      contentSha256: "b".repeat(64),
      perceptualHash: hash,
      greyStdev: 40,
      width: 800,
      height: 600,
      pages: null,
      storageKey: randomUUID().replaceAll("-", ""),
      submissionId: null,
      uploadedAt: new Date(),
    });
    const other = randomUUID();
    const like = (perceptualHash: bigint) => [
      { sha256: "c".repeat(64), contentSha256: null, perceptualHash },
    ];
    expect(await countDocumentsOfOthers(t.db, other, like(near))).toBe(1);
    expect(await countDocumentsOfOthers(t.db, other, like(far))).toBe(0);
    // Its own documents are no one else's.
    expect(await countDocumentsOfOthers(t.db, owner.user.id, like(hash))).toBe(0);
  });

  it("is looked up through the indexes: each hash, and every band of the perceptual hash", async () => {
    const same = sameDocumentAs([
      { sha256: "d".repeat(64), contentSha256: "e".repeat(64), perceptualHash: 42n },
    ]);
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ "QUERY PLAN": string }>(
        await tx.execute(sql`explain select count(*) from kyc_documents where ${same}`),
      )
        .map((row) => row["QUERY PLAN"])
        .join("\n");
    });
    expect(plan).not.toContain("Seq Scan");
    for (const index of [
      "kyc_documents_sha256_idx",
      "kyc_documents_content_sha256_idx",
      ...[0, 1, 2, 3, 4].map((band) => `kyc_documents_perceptual_band${band}_idx`),
    ]) {
      expect(plan).toContain(index);
    }
  });
});

/** A 600x400 grey PNG in two tones `step` either side of mid-grey: its grey levels' deviation is `step`. */
function twoTones(step: number, split: "left-right" | "top-bottom"): Promise<Buffer> {
  const [width, height] = [600, 400];
  const pixels = Buffer.alloc(width * height);
  for (let i = 0; i < pixels.length; i++) {
    const first = split === "left-right" ? i % width < width / 2 : i < pixels.length / 2;
    pixels[i] = first ? 128 - step : 128 + step;
  }
  return sharp(pixels, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

describe("a blank image", () => {
  it("is refused by the automated review with a reason that says which and what to do", async () => {
    const blanks = {
      "white PNG": png(await plainImage(600, 400, "#ffffff")),
      "blue JPEG": jpeg(await plainImage(600, 400, "#1d4ed8", { format: "jpeg" })),
      "grey JPEG with grain": jpeg(await plainImage(600, 400, "#9a9a9a", { noise: 6, format: "jpeg" })),
    };
    for (const [name, identity] of Object.entries(blanks)) {
      expect(await reviewed({ identity }), name).toMatchObject({
        status: "rejected",
        reason: "The image of your ID document is blank or unreadable. Take a new photo in good light.",
      });
    }
    expect(
      await reviewed({ selfie: png(await plainImage(800, 600, "#202020", { noise: 3 })) }),
    ).toMatchObject({
      status: "rejected",
      reason: "Your selfie is blank or unreadable. Take a new photo in good light.",
    });
    const refused = await reviewed({ identity: png(await plainImage(600, 400, "#f5f5f5", { seed: 9 })) });
    const item = (await getJson(t, apiPaths.kyc.overview, { cookie: refused.customer.token })).json()
      .items[0];
    expect(item).toMatchObject({
      status: "rejected",
      details: { message: autoReviewReasons.blank.identity },
    });
  });

  it("is told from a document by a threshold of 10 grey levels of deviation", async () => {
    expect(BLANK_MAX_GREY_STDEV).toBe(10);
    expect(await reviewed({ identity: png(await twoTones(9, "left-right")) })).toMatchObject({
      status: "rejected",
      reason: autoReviewReasons.blank.identity,
    });
    expect(await reviewed({ identity: png(await twoTones(10, "top-bottom")) })).toMatchObject(approved);
    expect(await reviewed({ identity: jpeg(await photoImage(2003)) })).toMatchObject(approved);
  });
});

describe("a PDF with scripts", () => {
  it("is stored without them, opens with its pages, and is served sandboxed as an attachment", async () => {
    const customer = await testCustomer(t, { name: "Pdf Person", verified: false });
    const id = await upload(
      customer,
      { kind: "address", documentDate: isoDay(5) },
      pdf(await pdfWithScripts()),
    );
    const served = await getJson(t, apiPaths.kyc.document(id), { cookie: customer.token });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-security-policy"]).toBe(DOCUMENT_CSP);
    expect(DOCUMENT_CSP.split(";").map((part) => part.trim())).toContain("sandbox");
    expect(served.headers["content-disposition"]).toMatch(/^attachment; filename="bill\.pdf"/);
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    const stored = served.rawPayload.toString("latin1");
    for (const marker of PDF_ACTIVE_MARKERS) expect(stored, marker).not.toContain(marker);
    expect((await PDFDocument.load(served.rawPayload)).getPageCount()).toBe(2);
  });
});
