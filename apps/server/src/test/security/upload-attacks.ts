import { readdir } from "node:fs/promises";
import { crc32, deflateSync } from "node:zlib";
import { apiPaths, KYC_MAX_FILE_BYTES, kycUploadErrors } from "@satsbank/shared";
import { expect } from "vitest";
import { isoDay, noiseImage, onePagePdf, uploadRequest } from "../kyc-helpers.js";
import { type Attack, attack, call, expectRefused } from "./attack.js";
import type { World } from "./world.js";

type File = { bytes: Buffer; fileName: string; type: string };

const HTML = Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>");

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes of PNG declaring `width` x `height` one-bit pixels: a decompression bomb's header. */
function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(64 * 1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

type Outcome =
  | { refused: { status: number; code: string; message: string } }
  /** Taken, as what it is: stored under a random name, re-encoded so that nothing riding on it is kept. */
  | { storedWithout: string; displayName: string };

type Upload = { name: string; file: () => Promise<File>; outcome: Outcome };

const refused = (status: number, message: string): Outcome => ({
  refused: { status, code: status === 413 ? "PAYLOAD_TOO_LARGE" : "VALIDATION_ERROR", message },
});
const wrongType = refused(400, kycUploadErrors.wrongType);
const unreadable = refused(400, kycUploadErrors.unreadable);

/** Every hostile file: a new one joins by a line. Each is sent as an identity document (JPG, PNG or PDF). */
const UPLOADS: Upload[] = [
  {
    name: "over 5 MB",
    file: async () => ({
      bytes: Buffer.concat([await noiseImage(64, 64), Buffer.alloc(KYC_MAX_FILE_BYTES)]),
      fileName: "big.jpg",
      type: "image/jpeg",
    }),
    outcome: refused(413, kycUploadErrors.tooLarge),
  },
  {
    name: "HTML named .jpg",
    file: async () => ({ bytes: HTML, fileName: "passport.jpg", type: "image/jpeg" }),
    outcome: wrongType,
  },
  {
    name: "SVG with a script",
    file: async () => ({
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      fileName: "passport.png",
      type: "image/svg+xml",
    }),
    outcome: wrongType,
  },
  {
    name: "a ZIP named .png",
    file: async () => ({
      bytes: Buffer.concat([Buffer.from("PK\u0003\u0004"), Buffer.alloc(64)]),
      fileName: "passport.png",
      type: "image/png",
    }),
    outcome: wrongType,
  },
  {
    name: "a PNG header with HTML after it",
    // The signature and IHDR of a 1 x 1 PNG (33 bytes), then a page instead of pixels.
    file: async () => ({
      bytes: Buffer.concat([pngDeclaring(1, 1).subarray(0, 33), HTML]),
      fileName: "a.png",
      type: "image/png",
    }),
    outcome: unreadable,
  },
  {
    name: "a decompression bomb (a PNG declaring 100000 x 100000 pixels)",
    file: async () => ({ bytes: pngDeclaring(100_000, 100_000), fileName: "bomb.png", type: "image/png" }),
    outcome: refused(400, kycUploadErrors.tooManyPixels),
  },
  {
    name: "a polyglot: a real PNG with HTML appended",
    file: async () => ({
      bytes: Buffer.concat([await noiseImage(800, 600, "png"), HTML]),
      fileName: "polyglot.png",
      type: "image/png",
    }),
    outcome: { storedWithout: "<script>", displayName: "polyglot.png" },
  },
  {
    name: "a polyglot: a real JPEG with a PDF appended",
    file: async () => ({
      bytes: Buffer.concat([await noiseImage(800, 600), await onePagePdf()]),
      fileName: "polyglot.jpg",
      type: "image/jpeg",
    }),
    outcome: { storedWithout: "%PDF", displayName: "polyglot.jpg" },
  },
  {
    name: "a path-traversal name",
    file: async () => ({
      bytes: await noiseImage(800, 600),
      fileName: "../../etc/passwd.png",
      type: "image/png",
    }),
    outcome: { storedWithout: "<script>", displayName: "passwd.png" },
  },
  {
    name: "a Windows path-traversal name",
    file: async () => ({
      bytes: await noiseImage(800, 600),
      fileName: "..\\..\\windows\\win.ini.jpg",
      type: "image/jpeg",
    }),
    outcome: { storedWithout: "<script>", displayName: "win.ini.jpg" },
  },
];

async function storedFiles(w: World): Promise<string[]> {
  return (await readdir(w.uploadsDir)).filter((name) => !name.startsWith("."));
}

export const uploadAttacks: Attack[] = UPLOADS.map((upload) =>
  attack({
    name: upload.name,
    // A stored polyglot is a document like any other (its row); every upload counts toward the limit.
    mayChange:
      "refused" in upload.outcome ? ["rate_limit_counters"] : ["rate_limit_counters", "kyc_documents"],
    attack: async (w) => {
      const before = await storedFiles(w);
      const fields = { kind: "identity", documentType: "passport", documentDate: isoDay(1) };
      const res = await uploadRequest(w.t, w.bob.token, fields, await upload.file());
      const after = await storedFiles(w);
      if ("refused" in upload.outcome) {
        const { status, code, message } = upload.outcome.refused;
        expectRefused(res, status, { code, message, fields: { file: message } });
        expect(after).toEqual(before);
        return;
      }
      expect(res.statusCode, res.body).toBe(201);
      const { document } = res.json();
      expect(document.fileName).toBe(upload.outcome.displayName);
      // One new file, under a name of the server's making.
      const added = after.filter((name) => !before.includes(name));
      expect(added).toHaveLength(1);
      expect(added[0]).toMatch(/^[A-Za-z0-9_-]{16,}$/);
      const served = await call(w, { url: apiPaths.kyc.document(document.id), as: w.bob.token });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.includes(upload.outcome.storedWithout)).toBe(false);
      expect(served.headers["content-disposition"]).toMatch(/^attachment; /);
    },
  }),
);
