import { apiPaths } from "@satsbank/shared";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { expect } from "vitest";
import { autoReviewReasons } from "../../modules/kyc/auto-review.js";
import { DOCUMENT_CSP } from "../../modules/kyc/routes.js";
import { getJson, postJson } from "../auth-helpers.js";
import {
  isoDay,
  PDF_ACTIVE_MARKERS,
  pdfWithScripts,
  photoImage,
  plainImage,
  uploadGood,
  uploadRequest,
} from "../kyc-helpers.js";
import { type TestCustomer, testCustomer } from "../money-helpers.js";
import { type Attack, attack, call } from "./attack.js";
import type { World } from "./world.js";

// Documents that lie (issue 20): another customer's identity document passed off as one's own in another
// file, blank images, a PDF that runs JavaScript. The world's app reviews submissions itself
// (KYC_REVIEW=auto, the default outside production), as the attack run's server did.

type File = { bytes: Buffer; fileName: string; type: string };

/** What a refused submission changes: the attacker's uploads, the submission, its items and notices. */
const SUBMITTED = [
  "kyc_documents",
  "kyc_submissions",
  "kyc_items",
  "kyc_events",
  "notifications",
  "rate_limit_counters",
] as const;

let seed = 3000;

/** Someone whose passport (a photo of their own) is on file, and a newcomer who wants to be them. */
async function victimAndThief(w: World): Promise<{ passport: Buffer; thief: TestCustomer }> {
  const victim = await testCustomer(w.t, { name: "Passport Owner", verified: false });
  seed += 1;
  const passport = await photoImage(seed);
  const res = await uploadRequest(
    w.t,
    victim.token,
    { kind: "identity", documentType: "passport" },
    { bytes: passport, fileName: "passport.jpg", type: "image/jpeg" },
  );
  expect(res.statusCode, res.body).toBe(201);
  return { passport, thief: await testCustomer(w.t, { name: "Identity Thief", verified: false }) };
}

const newcomer = (w: World) => testCustomer(w.t, { name: "Blank Sender", verified: false });

/**
 * The customer submits basic verification with these files (good ones of their own for the rest), and
 * the app's automated review decides it: its status and reason, and whether the customer may now send.
 */
async function submitAndAwait(
  w: World,
  customer: TestCustomer,
  files: { identity?: File; address?: File; selfie?: File },
): Promise<{ status: string; reason: string | null; canSend: boolean }> {
  const ids: Record<string, string> = {};
  const steps = [
    ["identity", { kind: "identity", documentType: "passport" }],
    ["address", { kind: "address", documentDate: isoDay(10) }],
    ["selfie", { kind: "selfie" }],
  ] as const;
  for (const [kind, fields] of steps) {
    const file = files[kind];
    if (file === undefined) {
      ids[kind] = (await uploadGood(w.t, customer.token, kind)).id;
      continue;
    }
    const res = await uploadRequest(w.t, customer.token, fields, file);
    expect(res.statusCode, res.body).toBe(201);
    ids[kind] = res.json().document.id;
  }
  const submitted = await postJson(
    w.t,
    apiPaths.kyc.submissions,
    {
      level: "basic",
      identityDocumentId: ids.identity,
      addressDocumentId: ids.address,
      selfieDocumentId: ids.selfie,
    },
    { cookie: customer.token },
  );
  expect(submitted.statusCode, submitted.body).toBe(201);
  const overview = async () =>
    (await getJson(w.t, apiPaths.kyc.overview, { cookie: customer.token })).json().basic;
  await expect.poll(async () => (await overview()).status, { timeout: 10_000 }).not.toBe("pending");
  const { status, reason } = await overview();
  const wallet = (await getJson(w.t, apiPaths.wallet.summary, { cookie: customer.token })).json();
  return { status, reason, canSend: wallet.canSend };
}

const refusedAs = (reason: string) => ({ status: "rejected", reason, canSend: false });

const jpeg = (bytes: Buffer): File => ({ bytes, fileName: "passport.jpg", type: "image/jpeg" });

export const documentAttacks: Attack[] = [
  attack({
    name: "another customer's passport with one byte appended: refused by the automated review",
    mayChange: SUBMITTED,
    before: victimAndThief,
    attack: async (w, { passport, thief }) => {
      const copy = jpeg(Buffer.concat([passport, Buffer.from([0x00])]));
      expect(await submitAndAwait(w, thief, { identity: copy })).toEqual(
        refusedAs(autoReviewReasons.usedElsewhere),
      );
    },
  }),
  attack({
    name: "another customer's passport re-encoded at another quality and resized: refused",
    mayChange: SUBMITTED,
    before: victimAndThief,
    attack: async (w, { passport, thief }) => {
      const copy = await sharp(passport).resize(760).jpeg({ quality: 70 }).toBuffer();
      expect(await submitAndAwait(w, thief, { identity: jpeg(copy) })).toEqual(
        refusedAs(autoReviewReasons.usedElsewhere),
      );
    },
  }),
  attack({
    name: "three blank 600x400 images as identity, address and selfie: refused, the account cannot send",
    mayChange: SUBMITTED,
    before: newcomer,
    attack: async (w, customer) => {
      const files = {
        identity: { bytes: await plainImage(600, 400, "#ffffff"), fileName: "id.png", type: "image/png" },
        address: {
          bytes: await plainImage(600, 400, "#1d4ed8", { format: "jpeg" }),
          fileName: "bill.jpg",
          type: "image/jpeg",
        },
        selfie: {
          bytes: await plainImage(600, 400, "#8a8a8a", { noise: 4, format: "jpeg" }),
          fileName: "me.jpg",
          type: "image/jpeg",
        },
      };
      expect(await submitAndAwait(w, customer, files)).toEqual(
        refusedAs("The image of your ID document is blank or unreadable. Take a new photo in good light."),
      );
    },
  }),
  attack({
    name: "a blank selfie with good documents: refused with the selfie's reason",
    mayChange: SUBMITTED,
    before: newcomer,
    attack: async (w, customer) => {
      const selfie = {
        bytes: await plainImage(800, 600, "#f2e6d9", { noise: 5 }),
        fileName: "me.png",
        type: "image/png",
      };
      expect(await submitAndAwait(w, customer, { selfie })).toEqual(
        refusedAs(autoReviewReasons.blank.selfie),
      );
    },
  }),
  attack({
    name: "a PDF that runs JavaScript: stored without it, served to staff sandboxed as an attachment",
    mayChange: ["kyc_documents", "rate_limit_counters"],
    attack: async (w) => {
      const res = await uploadRequest(
        w.t,
        w.bob.token,
        { kind: "address", documentDate: isoDay(3) },
        { bytes: await pdfWithScripts(), fileName: "statement.pdf", type: "application/pdf" },
      );
      expect(res.statusCode, res.body).toBe(201);
      for (const reader of [w.bob.token, w.staff.token]) {
        const served = await call(w, { url: apiPaths.kyc.document(res.json().document.id), as: reader });
        expect(served.statusCode).toBe(200);
        expect(served.headers["content-type"]).toBe("application/pdf");
        expect(served.headers["content-security-policy"]).toBe(DOCUMENT_CSP);
        expect(served.headers["content-disposition"]).toMatch(/^attachment; filename="statement\.pdf"/);
        expect(served.headers["x-content-type-options"]).toBe("nosniff");
        const bytes = served.rawPayload.toString("latin1");
        for (const marker of PDF_ACTIVE_MARKERS) expect(bytes, marker).not.toContain(marker);
        expect((await PDFDocument.load(served.rawPayload)).getPageCount()).toBe(2);
      }
    },
  }),
];
