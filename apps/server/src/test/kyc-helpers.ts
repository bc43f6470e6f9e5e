import { randomBytes } from "node:crypto";
import { apiPaths, type KycDocument, type KycDocumentKind } from "@satsbank/shared";
import { PDFDocument, PDFName, PDFString } from "pdf-lib";
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

/** Pseudo-random bytes that follow from `seed` alone (mulberry32): the same image on every run. */
function seededBytes(seed: number, length: number): Buffer {
  let state = seed >>> 0;
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    bytes[i] = ((t ^ (t >>> 14)) >>> 0) & 0xff;
  }
  return bytes;
}

/**
 * A photo-like JPEG that follows from `seed`: shapes of light and colour (a random 8x6 field, smoothly
 * enlarged) with grain on top, as a photo of a document on a table has. Unlike noise, it has a picture
 * that survives resizing and re-encoding, so the perceptual hash can recognise it.
 */
export async function photoImage(seed: number, width = 800, height = 600): Promise<Buffer> {
  const field = await sharp(seededBytes(seed, 8 * 6 * 3), { raw: { width: 8, height: 6, channels: 3 } })
    .resize(width, height, { kernel: "cubic" })
    .raw()
    .toBuffer();
  const grain = seededBytes(seed ^ 0x5eed, field.length);
  for (let i = 0; i < field.length; i++) {
    field[i] = Math.max(0, Math.min(255, (field[i] ?? 0) + ((grain[i] ?? 0) % 41) - 20));
  }
  return sharp(field, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * A blank `width` x `height` image of one colour (`#rrggbb`), with `noise` grey levels of grain either
 * way at most (uniform, from `seed`): what a photo of nothing, or of a blank sheet, looks like.
 */
export function plainImage(
  width: number,
  height: number,
  colour: string,
  { noise = 0, seed = 1, format = "png" }: { noise?: number; seed?: number; format?: "jpeg" | "png" } = {},
): Promise<Buffer> {
  const rgb = [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16));
  const grain = seededBytes(seed, width * height);
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const offset = noise === 0 ? 0 : Math.round((((grain[i] ?? 0) / 255) * 2 - 1) * noise);
    for (let c = 0; c < 3; c++) pixels[i * 3 + c] = Math.max(0, Math.min(255, (rgb[c] ?? 0) + offset));
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return format === "jpeg" ? image.jpeg({ quality: 90 }).toBuffer() : image.png().toBuffer();
}

/** A one-page PDF that says `text`. */
export async function onePagePdf(text = `Utility bill ${randomBytes(4).toString("hex")}`): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 18 });
  return Buffer.from(await pdf.save());
}

/**
 * A two-page statement that runs and carries what a viewer could run or open: JavaScript when it opens
 * (/OpenAction), when its first page opens (the page's /AA), in a link and in the document's /JavaScript
 * name tree; a link that launches a program, a javascript: URI, a form with XFA and an attached file.
 * Also a plain link to a web page, which is no active content. Saved without object streams, so every
 * marker is in plain text.
 */
export async function pdfWithScripts(title = "Bank statement"): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const ctx = pdf.context;
  const first = pdf.addPage([595, 842]);
  first.drawText(title, { x: 50, y: 780, size: 18 });
  pdf.addPage([595, 842]).drawText("Page 2", { x: 50, y: 780, size: 18 });
  const script = (code: string) =>
    ctx.register(ctx.obj({ Type: "Action", S: "JavaScript", JS: PDFString.of(code) }));
  const link = (y: number, action: { [key: string]: string | PDFString }) =>
    ctx.register(
      ctx.obj({ Type: "Annot", Subtype: "Link", Rect: [50, y, 300, y + 20], Border: [0, 0, 0], A: action }),
    );
  pdf.catalog.set(PDFName.of("OpenAction"), script("app.alert('opened')"));
  pdf.catalog.set(PDFName.of("AA"), ctx.obj({ WC: script("app.alert('closing')") }));
  first.node.set(PDFName.of("AA"), ctx.obj({ O: script("app.alert('page')") }));
  first.node.set(
    PDFName.of("Annots"),
    ctx.obj([
      link(700, { S: "JavaScript", JS: PDFString.of("app.alert('link')") }),
      link(660, { S: "Launch", F: PDFString.of("calc.exe") }),
      link(620, { S: "URI", URI: PDFString.of("javascript:alert(document.domain)") }),
      link(580, { S: "URI", URI: PDFString.of("https://example.com/statement") }),
    ]),
  );
  pdf.catalog.set(
    PDFName.of("Names"),
    ctx.obj({ JavaScript: ctx.obj({ Names: [PDFString.of("init"), script("app.alert('named')")] }) }),
  );
  pdf.catalog.set(PDFName.of("AcroForm"), ctx.obj({ Fields: [], XFA: ctx.register(ctx.stream("<xdp/>")) }));
  await pdf.attach(Buffer.from("an attached payload"), "payload.exe", {
    mimeType: "application/octet-stream",
  });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/** What a PDF must not hold once cleaned (as its bytes show them). */
export const PDF_ACTIVE_MARKERS = [
  "/JS",
  "/JavaScript",
  "/OpenAction",
  "/AA",
  "/Launch",
  "/EmbeddedFile",
  "/XFA",
  "javascript:",
  "calc.exe",
  "payload.exe",
] as const;

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
