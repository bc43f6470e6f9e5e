import { randomBytes } from "node:crypto";
import { apiPaths, type KycDocument, type KycDocumentKind } from "@satsbank/shared";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { expect } from "vitest";
import { SESSION_COOKIE } from "./auth-helpers.js";
import type { TestApp } from "./create-test-app.js";

type Res = Awaited<ReturnType<TestApp["app"]["inject"]>>;

/**
 * An image of `width` x `height` made of random noise: every call is a different document (a different
 * hash), as two people's passports would be.
 */
export async function noiseImage(
  width: number,
  height: number,
  format: "jpeg" | "png" = "jpeg",
): Promise<Buffer> {
  const pixels = randomBytes(width * height * 3);
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return format === "jpeg" ? image.jpeg({ quality: 80 }).toBuffer() : image.png().toBuffer();
}

/** A one-page PDF that says `text`. */
export async function onePagePdf(text = `Utility bill ${randomBytes(4).toString("hex")}`): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 18 });
  return Buffer.from(await pdf.save());
}

export type UploadPart =
  | { name: string; value: string }
  | { name: string; file: Buffer; fileName: string; type: string };

/** A multipart/form-data body (the fields, then the file, in the order given) and its content type. */
export function multipartBody(parts: readonly UploadPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----satsbank${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ("value" in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.file,
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** `POST /api/kyc/documents` as the web app sends it: the fields, then the one file. */
export function uploadRequest(
  t: TestApp,
  token: string | undefined,
  fields: Record<string, string>,
  file: { bytes: Buffer; fileName: string; type: string },
): Promise<Res> {
  const { payload, contentType } = multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: "file", file: file.bytes, fileName: file.fileName, type: file.type },
  ]);
  return t.app.inject({
    method: "POST",
    url: apiPaths.kyc.documents,
    payload,
    headers: { "content-type": contentType },
    ...(token === undefined ? {} : { cookies: { [SESSION_COOKIE]: token } }),
  });
}

/** A date `daysAgo` days before `from`, as YYYY-MM-DD. */
export function isoDay(daysAgo: number, from = new Date()): string {
  return new Date(from.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** Uploads one document that passes every check, for `kind`, and answers it. */
export async function uploadGood(t: TestApp, token: string, kind: KycDocumentKind): Promise<KycDocument> {
  const fields: Record<string, string> = { kind };
  if (kind === "identity") fields.documentType = "passport";
  if (kind === "address") fields.documentDate = isoDay(10);
  const file =
    kind === "address"
      ? { bytes: await onePagePdf(), fileName: "bill.pdf", type: "application/pdf" }
      : {
          bytes: await noiseImage(800, 600, kind === "selfie" ? "png" : "jpeg"),
          fileName: `${kind}.jpg`,
          type: "image/jpeg",
        };
  const res = await uploadRequest(t, token, fields, file);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().document;
}
