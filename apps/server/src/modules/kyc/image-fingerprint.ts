import { createHash } from "node:crypto";
import sharp, { type SharpOptions } from "sharp";

// What an uploaded image shows, measured on its pixels rather than its bytes: the automated review
// compares documents by it (the same picture in another file, a copy re-encoded or resized) and refuses
// blank ones. The pixels are normalised first: turned upright, in sRGB, 8 bits a channel, any
// transparency flattened onto white (as a viewer shows it on a white page).

export type ImageFingerprint = {
  /** Hex SHA-256 of the normalised pixels and their size: the same picture in any file has one. */
  contentSha256: string;
  /** The 64-bit pHash of the grey image, as a signed bigint (how PostgreSQL keeps a bigint). */
  perceptualHash: bigint;
  /** The standard deviation of the grey levels (0-255), the image reduced to at most 1024 pixels a side. */
  greyStdev: number;
};

/**
 * Two images whose perceptual hashes differ in at most this many of the 64 bits show the same picture.
 * Measured (image-fingerprint.test.ts): a copy re-encoded at another JPEG quality, resized by up to 10%,
 * with metadata added or a byte appended is within 4 bits; different photos are 16 bits or more apart.
 * The indexed lookup depends on it: perceptualHashBands (db/schema/kyc.ts) has one band more than this.
 */
export const PERCEPTUAL_HASH_MATCH_DISTANCE = 4;

/** The side of the grey image the hash is computed from, and of the low frequencies it keeps. */
const HASH_SIDE = 32;
const LOW = 8;
/** The longest side of the grey image the standard deviation is measured on. */
const STDEV_SIDE = 1024;

/** The cosines of a DCT-II over HASH_SIDE samples, for the LOW lowest frequencies. */
const COSINES = Array.from({ length: LOW }, (_, k) =>
  Array.from({ length: HASH_SIDE }, (_, i) => Math.cos((Math.PI * (2 * i + 1) * k) / (2 * HASH_SIDE))),
);

/**
 * The pHash of a HASH_SIDE x HASH_SIDE grey image: its 8x8 lowest frequencies of a 2-D DCT, each bit
 * one where that coefficient is above their median (the first bit the lowest frequency).
 */
export function perceptualHashOf(grey: Uint8Array): bigint {
  const rows = Array.from({ length: HASH_SIDE }, (_, y) =>
    COSINES.map((cos) => cos.reduce((sum, c, x) => sum + c * (grey[y * HASH_SIDE + x] ?? 0), 0)),
  );
  const low: number[] = [];
  for (const cos of COSINES) {
    for (let l = 0; l < LOW; l++) low.push(cos.reduce((sum, c, y) => sum + c * (rows[y]?.[l] ?? 0), 0));
  }
  const sorted = [...low].sort((a, b) => a - b);
  const median = ((sorted[low.length / 2 - 1] ?? 0) + (sorted[low.length / 2] ?? 0)) / 2;
  let hash = 0n;
  for (const value of low) hash = (hash << 1n) | (value > median ? 1n : 0n);
  return BigInt.asIntN(64, hash);
}

/** How many of the 64 bits two perceptual hashes differ in. */
export function hashDistance(a: bigint, b: bigint): number {
  let rest = BigInt.asUintN(64, a ^ b);
  let bits = 0;
  while (rest !== 0n) {
    bits += Number(rest & 1n);
    rest >>= 1n;
  }
  return bits;
}

/** Whether two images' fingerprints show the same picture: equal pixels, or perceptual hashes close. */
export function samePicture(
  a: Pick<ImageFingerprint, "contentSha256" | "perceptualHash">,
  b: Pick<ImageFingerprint, "contentSha256" | "perceptualHash">,
): boolean {
  return (
    a.contentSha256 === b.contentSha256 ||
    hashDistance(a.perceptualHash, b.perceptualHash) <= PERCEPTUAL_HASH_MATCH_DISTANCE
  );
}

/**
 * The fingerprint of an image the caller has checked (format, pixel limit): decoded once to its
 * normalised pixels (for a 50-megapixel image, 150 MB for the moment it is measured), then hashed,
 * reduced for the hash and measured.
 */
export async function fingerprintImage(bytes: Uint8Array, options: SharpOptions): Promise<ImageFingerprint> {
  const { data, info } = await sharp(bytes, options)
    .autoOrient()
    .toColourspace("srgb")
    .flatten({ background: "#ffffff" })
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  const contentSha256 = createHash("sha256")
    .update(`${info.width}x${info.height}x${info.channels}\n`)
    .update(data)
    .digest("hex");
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const grey = (side: number, fit: "fill" | "inside") =>
    sharp(data, raw)
      .greyscale()
      .resize(side, side, { fit, withoutEnlargement: fit === "inside", fastShrinkOnLoad: false })
      .raw()
      .toBuffer();
  const [small, reduced] = await Promise.all([grey(HASH_SIDE, "fill"), grey(STDEV_SIDE, "inside")]);
  return { contentSha256, perceptualHash: perceptualHashOf(small), greyStdev: standardDeviation(reduced) };
}

/** The standard deviation of the values (the population's: every pixel counts). */
export function standardDeviation(values: Uint8Array): number {
  if (values.length === 0) return 0;
  let sum = 0;
  for (const value of values) sum += value;
  const mean = sum / values.length;
  let squares = 0;
  for (const value of values) squares += (value - mean) ** 2;
  return Math.sqrt(squares / values.length);
}
