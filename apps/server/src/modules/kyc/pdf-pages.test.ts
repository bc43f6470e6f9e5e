import { constants, deflateSync } from "node:zlib";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { countPdfPages } from "./pdf-pages.js";

/**
 * A valid one-page PDF whose object stream inflates to `inflatedBytes` (spaces, then one small object):
 * pdf-lib inflates it whole while parsing. 256 MB inflated is about 250 KB on disk.
 */
function pdfWithInflatingObjectStream(inflatedBytes: number): Buffer {
  const content = Buffer.alloc(inflatedBytes, 0x20);
  content.write("5 0", 0);
  content.write("<< >>", inflatedBytes - 5);
  const stream = deflateSync(content, { level: 9, strategy: constants.Z_RLE });
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.7\n1 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${stream.length} >>\nstream\n`,
    ),
    stream,
    Buffer.from(
      "\nendstream\nendobj\n2 0 obj\n<< /Type /Catalog /Pages 3 0 R >>\nendobj\n" +
        "3 0 obj\n<< /Type /Pages /Kids [4 0 R] /Count 1 >>\nendobj\n" +
        "4 0 obj\n<< /Type /Page /Parent 3 0 R /MediaBox [0 0 595 842] >>\nendobj\n" +
        "trailer\n<< /Root 2 0 R >>\n%%EOF\n",
    ),
  ]);
}

describe("countPdfPages", () => {
  it("counts the pages of a PDF that parses, and answers null for one that does not", async () => {
    const document = await PDFDocument.create();
    document.addPage();
    document.addPage();
    expect(await countPdfPages(await document.save())).toBe(2);
    expect(await countPdfPages(pdfWithInflatingObjectStream(1024))).toBe(1);
    expect(await countPdfPages(Buffer.from("%PDF-1.7\nnot a PDF at all\n%%EOF\n"))).toBeNull();
  });

  it("gives up on a PDF whose object stream inflates for longer than the deadline, event loop free", async () => {
    const bomb = pdfWithInflatingObjectStream(256 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);

    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const started = performance.now();
    const pages = await countPdfPages(bomb, { timeoutMs: 300 });
    const elapsed = performance.now() - started;
    clearInterval(ticker);

    expect(pages).toBeNull();
    // Inflating 256 MB in pdf-lib takes seconds; the worker is stopped at the deadline instead.
    expect(elapsed).toBeLessThan(2500);
    // The parse ran on another thread: this one kept its timers running meanwhile.
    expect(ticks).toBeGreaterThan(5);
  });
});
