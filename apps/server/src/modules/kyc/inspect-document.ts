import { createHash } from "node:crypto";
import { KYC_MAX_FILE_BYTES, type KycFileFormat, kycUploadErrors } from "@satsbank/shared";
import { fileTypeFromBuffer } from "file-type";
import sharp, { type Metadata } from "sharp";
import { fingerprintImage, type ImageFingerprint } from "./image-fingerprint.js";
import { cleanPdf } from "./pdf-pages.js";

// Reads an uploaded KYC file by its content and makes what is stored of it (decision 0012): the format
// comes from the bytes alone; an image is decoded and encoded again, so only its pixels are ever stored
// (no EXIF, no GPS, nothing appended after the image), and measured (image-fingerprint.ts); a PDF must
// parse and is stored without its active content (pdf-pages.ts: scripts, actions, embedded files).

export type InspectedDocument = {
  /** From the content's magic bytes, never the name or the browser's type. */
  format: KycFileFormat;
  contentType: "image/jpeg" | "image/png" | "application/pdf";
  /**
   * What is stored: images re-encoded (metadata stripped, orientation applied), PDFs without their active
   * content, saved again.
   */
  bytes: Uint8Array;
  /** Hex SHA-256 of the bytes as received: the same file uploaded twice has one hash. */
  sha256: string;
  /** Hex SHA-256 of what the document shows: an image's normalised pixels, a PDF's file as stored. */
  contentSha256: string;
  /** Images only: the perceptual hash and the grey levels' standard deviation (image-fingerprint.ts). */
  perceptualHash: bigint | null;
  greyStdev: number | null;
  /** Images only: the stored image's size, after orientation. */
  width: number | null;
  height: number | null;
  /** PDFs only. */
  pages: number | null;
};

export type DocumentRefusal = "tooLarge" | "wrongType" | "unreadable" | "tooManyPixels";

/** A file refused for what it is; the message is the one the customer reads. */
export class DocumentRefused extends Error {
  override name = "DocumentRefused";
  constructor(
    readonly reason: DocumentRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** The most pixels an image may declare ("more than 50 megapixels" is refused before any is decoded). */
export const KYC_MAX_IMAGE_PIXELS = 50_000_000;

const contentTypes = {
  jpeg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
} as const satisfies Record<KycFileFormat, InspectedDocument["contentType"]>;

// file-type's answers that are one of our formats. An animated PNG is a PNG whose first frame every
// reader shows; it is stored as that still image.
const formatsByMime = new Map<string, KycFileFormat>([
  ["image/jpeg", "jpeg"],
  ["image/png", "png"],
  ["image/apng", "png"],
  ["application/pdf", "pdf"],
]);

export async function inspectDocument(
  bytes: Uint8Array,
  accepted: readonly KycFileFormat[],
): Promise<InspectedDocument> {
  if (bytes.byteLength > KYC_MAX_FILE_BYTES) throw new DocumentRefused("tooLarge", kycUploadErrors.tooLarge);

  const sniffed = await fileTypeFromBuffer(bytes);
  const format = sniffed ? formatsByMime.get(sniffed.mime) : undefined;
  if (format === undefined || !accepted.includes(format)) {
    const message = accepted.includes("pdf") ? kycUploadErrors.wrongType : kycUploadErrors.wrongSelfieType;
    throw new DocumentRefused("wrongType", message);
  }

  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const contentType = contentTypes[format];
  if (format === "pdf") {
    const pdf = await readPdf(bytes);
    return {
      format,
      contentType,
      bytes: pdf.bytes,
      sha256,
      contentSha256: createHash("sha256").update(pdf.bytes).digest("hex"),
      perceptualHash: null,
      greyStdev: null,
      width: null,
      height: null,
      pages: pdf.pages,
    };
  }
  const image = await reencodeImage(bytes, format);
  return { format, contentType, sha256, ...image, pages: null };
}

function unreadable(): DocumentRefused {
  return new DocumentRefused("unreadable", kycUploadErrors.unreadable);
}

/**
 * Decodes the image, encodes its pixels again and measures them. The header is read first: more than the pixel limit is
 * refused before a pixel is decoded, so a few kilobytes declaring 20000x20000 pixels cost nothing; sharp's
 * own limitInputPixels backs that up. failOn "warning" (sharp's default, meant for untrusted input) refuses
 * a truncated or damaged image rather than storing what a decoder guessed.
 */
async function reencodeImage(
  bytes: Uint8Array,
  format: "jpeg" | "png",
): Promise<{ bytes: Uint8Array; width: number; height: number } & ImageFingerprint> {
  const options = { limitInputPixels: KYC_MAX_IMAGE_PIXELS, failOn: "warning" } as const;
  let header: Metadata;
  try {
    // metadata() reads the header only, so it needs no pixel limit: the size is judged just below.
    header = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  // The bytes said one format and the decoder must read them as that one, never as another it knows.
  if (header.format !== format) throw unreadable();
  if (header.width * header.height > KYC_MAX_IMAGE_PIXELS) {
    throw new DocumentRefused("tooManyPixels", kycUploadErrors.tooManyPixels);
  }
  try {
    // No keepMetadata/withMetadata: sharp writes no EXIF, XMP, IPTC or comment, and autoOrient turns the
    // pixels as the EXIF orientation said before that tag goes. A PNG stays lossless; a JPEG is encoded
    // once more at a quality that keeps a document's small print legible.
    const pipeline = sharp(bytes, options).autoOrient();
    const encoded = format === "jpeg" ? pipeline.jpeg({ quality: 92 }) : pipeline.png();
    const [{ data, info }, fingerprint] = await Promise.all([
      encoded.toBuffer({ resolveWithObject: true }),
      fingerprintImage(bytes, options),
    ]);
    // A plain Uint8Array over the same memory, not a Buffer: what every storage answers too.
    const stored = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    return { bytes: stored, width: info.width, height: info.height, ...fingerprint };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new DocumentRefused("tooManyPixels", kycUploadErrors.tooManyPixels);
    }
    throw unreadable();
  }
}

/** A PDF must parse (its objects and page tree) and have at least one page; it is stored cleaned. */
async function readPdf(bytes: Uint8Array): Promise<{ bytes: Uint8Array; pages: number }> {
  const pdf = await cleanPdf(bytes);
  if (pdf === null || pdf.pages === 0) throw unreadable();
  return pdf;
}
