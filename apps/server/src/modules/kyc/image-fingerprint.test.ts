import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { perceptualHashBands } from "../../db/schema/index.js";
import { noiseImage, photoImage, plainImage } from "../../test/kyc-helpers.js";
import {
  fingerprintImage,
  hashDistance,
  type ImageFingerprint,
  PERCEPTUAL_HASH_MATCH_DISTANCE,
  samePicture,
} from "./image-fingerprint.js";

const fingerprint = (bytes: Uint8Array) =>
  fingerprintImage(bytes, { limitInputPixels: 50_000_000, failOn: "warning" });

/** The JPEG with a comment segment inserted after its start: other metadata, the same pixels. */
function withComment(jpeg: Buffer, comment: string): Buffer {
  const body = Buffer.from(comment, "latin1");
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, body, jpeg.subarray(2)]);
}

async function resized(jpeg: Buffer, factor: number): Promise<Buffer> {
  const { width = 0 } = await sharp(jpeg).metadata();
  return sharp(jpeg)
    .resize(Math.round(width * factor))
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A grey `width` x `height` PNG, its left half `grey - step` and its right half `grey + step`. */
function twoTones(grey: number, step: number, width = 600, height = 400): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height);
  for (let i = 0; i < pixels.length; i++) pixels[i] = i % width < width / 2 ? grey - step : grey + step;
  return sharp(pixels, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

function pairs<T>(items: readonly T[]): [T, T][] {
  return items.flatMap((a, i) => items.slice(i + 1).map((b) => [a, b] as [T, T]));
}

describe("the fingerprint of an image", () => {
  it("is the same for the same pixels in another file: a byte appended, other metadata, PNG", async () => {
    const photo = await photoImage(7);
    const original = await fingerprint(photo);
    const copies = [
      Buffer.concat([photo, Buffer.from([0])]),
      withComment(photo, "Edited on another phone"),
      await sharp(photo).png().toBuffer(),
    ];
    for (const copy of copies) {
      const seen = await fingerprint(copy);
      expect(seen.contentSha256).toBe(original.contentSha256);
      expect(hashDistance(seen.perceptualHash, original.perceptualHash)).toBe(0);
    }
  });

  it("recognises a copy re-encoded at another quality, resized a little or with new EXIF", async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const photo = await photoImage(seed);
      const original = await fingerprint(photo);
      const copies = {
        "JPEG quality 60": await sharp(photo).jpeg({ quality: 60 }).toBuffer(),
        "JPEG quality 95": await sharp(photo).jpeg({ quality: 95 }).toBuffer(),
        "90% of its size": await resized(photo, 0.9),
        "95% of its size": await resized(photo, 0.95),
        "110% of its size": await resized(photo, 1.1),
        "new EXIF": await sharp(photo)
          .withExif({ IFD0: { Make: "Other", Model: "Phone" } })
          .jpeg({ quality: 92 })
          .toBuffer(),
      };
      for (const [name, copy] of Object.entries(copies)) {
        const seen = await fingerprint(copy);
        // Other pixels (the content hash differs), the same picture (the perceptual hash is close).
        expect(seen.contentSha256, name).not.toBe(original.contentSha256);
        const distance = hashDistance(seen.perceptualHash, original.perceptualHash);
        expect(distance, `${name} of photo ${seed}`).toBeLessThanOrEqual(PERCEPTUAL_HASH_MATCH_DISTANCE);
        expect(samePicture(seen, original), name).toBe(true);
      }
    }
  });

  it("tells different photos and noise images apart: every pair is beyond the threshold", async () => {
    const photos = await Promise.all(Array.from({ length: 12 }, (_, i) => photoImage(100 + i)));
    const noise = await Promise.all(Array.from({ length: 6 }, () => noiseImage(800, 600)));
    const prints: ImageFingerprint[] = await Promise.all([...photos, ...noise].map(fingerprint));
    let closest = 64;
    for (const [a, b] of pairs(prints)) {
      closest = Math.min(closest, hashDistance(a.perceptualHash, b.perceptualHash));
      expect(samePicture(a, b)).toBe(false);
    }
    // Measured: 16 bits or more, four times the threshold.
    expect(closest).toBeGreaterThan(2 * PERCEPTUAL_HASH_MATCH_DISTANCE);
  });

  it("measures how much the grey levels vary: 0 when blank, the step of two tones", async () => {
    const measure = async (bytes: Buffer) => (await fingerprint(bytes)).greyStdev;
    expect(await measure(await plainImage(600, 400, "#ffffff"))).toBe(0);
    expect(await measure(await plainImage(600, 400, "#1d4ed8", { format: "jpeg" }))).toBeCloseTo(0, 1);
    expect(await measure(await twoTones(128, 9))).toBeCloseTo(9, 5);
    expect(await measure(await twoTones(128, 10))).toBeCloseTo(10, 5);
    // Uniform grain of at most 6 levels either way: about 6/√3.
    expect(await measure(await plainImage(600, 400, "#d0d0d0", { noise: 6 }))).toBeCloseTo(
      6 / Math.sqrt(3),
      0,
    );
    expect(await measure(await photoImage(1))).toBeGreaterThan(30);
    expect(await measure(await noiseImage(800, 600))).toBeGreaterThan(30);
  });
});

describe("the perceptual hash's bands", () => {
  const bandOf = (hash: bigint, band: (typeof perceptualHashBands)[number]) =>
    (BigInt.asUintN(64, hash) >> BigInt(band.shift)) & ((1n << BigInt(band.bits)) - 1n);

  it("cover the 64 bits once, one band more than the threshold", () => {
    expect(perceptualHashBands).toHaveLength(PERCEPTUAL_HASH_MATCH_DISTANCE + 1);
    let covered = 0n;
    for (const band of perceptualHashBands) {
      const mask = ((1n << BigInt(band.bits)) - 1n) << BigInt(band.shift);
      expect(covered & mask).toBe(0n);
      covered |= mask;
    }
    expect(covered).toBe((1n << 64n) - 1n);
  });

  it("share a band between any two hashes within the threshold (the indexed lookup misses none)", () => {
    // Every way of flipping up to four bits among the bands' first and last bits (where a wrong shift or
    // width would show).
    const hash = BigInt.asIntN(64, 0x9e3779b97f4a7c15n);
    const edges = perceptualHashBands.flatMap((band) => [band.shift, band.shift + band.bits - 1]);
    for (const [a, b] of pairs(edges)) {
      for (const [c, d] of pairs(edges)) {
        const flips = new Set([a, b, c, d]);
        let other = hash;
        for (const bit of flips) other ^= 1n << BigInt(bit);
        other = BigInt.asIntN(64, other);
        expect(hashDistance(hash, other)).toBe(flips.size);
        const shared = perceptualHashBands.some((band) => bandOf(hash, band) === bandOf(other, band));
        expect(shared, [...flips].join(",")).toBe(true);
      }
    }
  });
});
