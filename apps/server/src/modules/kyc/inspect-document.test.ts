import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";
import { KYC_MAX_FILE_BYTES, kycAcceptedFormats, kycUploadErrors } from "@satsbank/shared";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DocumentRefused, inspectDocument, KYC_MAX_IMAGE_PIXELS } from "./inspect-document.js";

const anyDocument = kycAcceptedFormats.identity;
const selfie = kycAcceptedFormats.selfie;

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

async function refusal(bytes: Uint8Array, accepted: readonly ("jpeg" | "png" | "pdf")[] = anyDocument) {
  const error = await inspectDocument(bytes, accepted).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DocumentRefused);
  const { reason, message } = error as DocumentRefused;
  return { reason, message };
}

/** A photo as a phone takes it: noisy pixels, camera and GPS EXIF, stored sideways with orientation 6. */
async function phonePhoto(): Promise<Uint8Array> {
  return sharp({
    create: {
      width: 60,
      height: 40,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "Satsbank", Model: "Test Camera" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2959/100", GPSMapDatum: "WGS-84" },
    })
    .jpeg()
    .toBuffer();
}

function pngOf(width: number, height: number, background = "#2a9d8f"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

async function pdfOf(pages: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  for (let page = 0; page < pages; page++) document.addPage([595, 842]).drawText(`Page ${page + 1}`);
  return document.save();
}

/** A ZIP archive holding one stored (uncompressed) entry; `at` is where the archive starts in its file. */
function zipOf(name: string, data: Uint8Array, at = 0): Buffer {
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc32(data), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc32(data), 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt32LE(at, 42);
  const centralAt = at + local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

describe("inspectDocument", () => {
  it("re-encodes a phone's JPEG: EXIF and GPS gone, turned upright, hashed as received", async () => {
    const photo = await phonePhoto();
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(text(before.exif ?? new Uint8Array())).toContain("WGS-84");

    const document = await inspectDocument(photo, selfie);

    expect(document).toMatchObject({ format: "jpeg", contentType: "image/jpeg", pages: null });
    const after = await sharp(document.bytes).metadata();
    expect(after.format).toBe("jpeg");
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(text(document.bytes)).not.toContain("WGS-84");
    expect(text(document.bytes)).not.toContain("Test Camera");
    // Stored sideways as 60x40 with "rotate 90°": upright it is 40 wide and 60 high.
    expect([after.width, after.height]).toEqual([40, 60]);
    expect([document.width, document.height]).toEqual([40, 60]);
    expect(document.sha256).toBe(sha256(photo));
    expect(document.sha256).not.toBe(sha256(document.bytes));
  });

  it("keeps a PNG's pixels exactly (lossless) and answers its size", async () => {
    const png = await sharp({
      create: {
        width: 32,
        height: 24,
        channels: 3,
        background: "#000",
        noise: { type: "gaussian", mean: 100, sigma: 50 },
      },
    })
      .png()
      .toBuffer();
    const document = await inspectDocument(png, anyDocument);
    expect(document).toMatchObject({
      format: "png",
      contentType: "image/png",
      width: 32,
      height: 24,
      pages: null,
    });
    expect(document.sha256).toBe(sha256(png));
    const pixels = (bytes: Uint8Array) => sharp(bytes).removeAlpha().raw().toBuffer();
    expect(await pixels(document.bytes)).toEqual(await pixels(png));
  });

  it("stores a PDF saved again (its active content removed), counts its pages and hashes both files", async () => {
    const pdf = await pdfOf(3);
    const document = await inspectDocument(pdf, anyDocument);
    expect(document).toMatchObject({
      format: "pdf",
      contentType: "application/pdf",
      sha256: sha256(pdf),
      contentSha256: sha256(document.bytes),
      perceptualHash: null,
      greyStdev: null,
      width: null,
      height: null,
      pages: 3,
    });
    expect((await PDFDocument.load(document.bytes)).getPageCount()).toBe(3);
  });

  it("gives the same hash to the same file uploaded twice", async () => {
    const photo = await phonePhoto();
    const [first, second] = [await inspectDocument(photo, selfie), await inspectDocument(photo, selfie)];
    expect(first.sha256).toBe(second.sha256);
  });

  it("judges by content: an HTML page named passport.jpg, a ZIP or text is the wrong type", async () => {
    const html = Buffer.from("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>");
    const zip = zipOf("passport.pdf", await pdfOf(1));
    for (const bytes of [html, zip, Buffer.from("Just some text, not a document.\n"), new Uint8Array()]) {
      expect(await refusal(bytes)).toEqual({ reason: "wrongType", message: kycUploadErrors.wrongType });
    }
    expect(await refusal(html, selfie)).toEqual({
      reason: "wrongType",
      message: kycUploadErrors.wrongSelfieType,
    });
  });

  it("refuses a PDF as a selfie, with the selfie's message", async () => {
    expect(await refusal(await pdfOf(1), selfie)).toEqual({
      reason: "wrongType",
      message: kycUploadErrors.wrongSelfieType,
    });
  });

  it("stores only the pixels of a PNG with a ZIP appended (a polyglot): nothing of the archive", async () => {
    const png = await pngOf(48, 32);
    const secret = Buffer.from("payload that must never be stored");
    const polyglot = Buffer.concat([png, zipOf("payload.txt", secret, png.length)]);

    const document = await inspectDocument(polyglot, anyDocument);

    expect(document).toMatchObject({ format: "png", width: 48, height: 32 });
    expect(document.sha256).toBe(sha256(polyglot));
    // What it shows is the PNG's: the same content hash as the PNG alone.
    expect(document.contentSha256).toBe((await inspectDocument(png, anyDocument)).contentSha256);
    const stored = text(document.bytes);
    expect(stored).not.toContain("PK\x03\x04");
    expect(stored).not.toContain("PK\x05\x06");
    expect(stored).not.toContain(secret.toString("latin1"));
    // What is stored ends where its image ends: a clean PNG, nothing after IEND and its CRC.
    expect(stored.indexOf("IEND")).toBe(document.bytes.length - 8);
  });

  it("refuses a ZIP whose first entry is a PNG: the file is an archive", async () => {
    const zip = zipOf("selfie.png", await pngOf(8, 8));
    expect(await refusal(zip, selfie)).toEqual({
      reason: "wrongType",
      message: kycUploadErrors.wrongSelfieType,
    });
  });

  it("refuses a truncated or damaged JPEG and a PDF that does not parse as unreadable", async () => {
    const photo = await phonePhoto();
    const truncated = photo.subarray(0, Math.floor(photo.length * 0.6));
    const damaged = Buffer.concat([photo.subarray(0, 4), Buffer.alloc(photo.length - 4, 0x5a)]);
    const brokenPdf = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R\ngarbage\n%%EOF\n");
    const cutPdf = (await pdfOf(2)).subarray(0, 200);
    for (const bytes of [truncated, damaged, brokenPdf, cutPdf]) {
      expect(await refusal(bytes)).toEqual({ reason: "unreadable", message: kycUploadErrors.unreadable });
    }
  });

  it("takes a file of exactly 5MB and refuses one byte more before reading it", async () => {
    const pdf = await pdfOf(1);
    // Whitespace after %%EOF is still a PDF.
    const exactly = Buffer.concat([pdf, Buffer.alloc(KYC_MAX_FILE_BYTES - pdf.length, 0x20)]);
    expect((await inspectDocument(exactly, anyDocument)).pages).toBe(1);

    const tooLarge = Buffer.concat([exactly, Buffer.from(" ")]);
    expect(tooLarge.length).toBe(KYC_MAX_FILE_BYTES + 1);
    expect(await refusal(tooLarge)).toEqual({ reason: "tooLarge", message: kycUploadErrors.tooLarge });
  });

  it("refuses a decompression bomb from its header, before decoding a pixel", async () => {
    // 7100 x 7100 of one colour: 50.4 megapixels, about 150 MB decoded, some 60 KB on disk.
    const bomb = await sharp({
      create: { width: 7100, height: 7100, channels: 3, background: "#ffffff" },
      limitInputPixels: false,
    })
      .toColourspace("b-w")
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(7100 * 7100).toBeGreaterThan(KYC_MAX_IMAGE_PIXELS);

    expect(await refusal(bomb)).toEqual({ reason: "tooManyPixels", message: kycUploadErrors.tooManyPixels });
  });

  it("takes an image of exactly 50 megapixels", async () => {
    const atLimit = await sharp({
      create: { width: 10_000, height: 5_000, channels: 3, background: "#ffffff" },
    })
      .toColourspace("b-w")
      .png()
      .toBuffer();
    const document = await inspectDocument(atLimit, anyDocument);
    expect([document.width, document.height]).toEqual([10_000, 5_000]);
  });
});
