import { constants, deflateSync } from "node:zlib";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { PDF_ACTIVE_MARKERS, pdfWithScripts } from "../../test/kyc-helpers.js";
import { cleanPdf } from "./pdf-pages.js";

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

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

describe("cleanPdf", () => {
  it("counts the pages of a PDF that parses, and answers null for one that does not", async () => {
    const document = await PDFDocument.create();
    document.addPage();
    document.addPage();
    expect((await cleanPdf(await document.save()))?.pages).toBe(2);
    expect((await cleanPdf(pdfWithInflatingObjectStream(1024)))?.pages).toBe(1);
    expect(await cleanPdf(Buffer.from("%PDF-1.7\nnot a PDF at all\n%%EOF\n"))).toBeNull();
  });

  it("removes scripts, launches, script URIs, XFA and attached files, and keeps the pages and web links", async () => {
    const hostile = await pdfWithScripts();
    // The markers are there before: the file really carries them.
    for (const marker of PDF_ACTIVE_MARKERS) expect(text(hostile), marker).toContain(marker);

    const cleaned = await cleanPdf(hostile);

    expect(cleaned?.pages).toBe(2);
    const bytes = cleaned?.bytes ?? new Uint8Array();
    for (const marker of PDF_ACTIVE_MARKERS) expect(text(bytes), marker).not.toContain(marker);
    // Still a PDF that opens, with its two pages, its text and its link to a web page.
    const reopened = await PDFDocument.load(bytes, { throwOnInvalidObject: true });
    expect(reopened.getPageCount()).toBe(2);
    // The four links are still there; only the one to a web page still does something.
    const links = reopened.getPage(0).node.lookup(PDFName.of("Annots"), PDFArray).asArray();
    expect(links).toHaveLength(4);
    const actions = links.map((link) => reopened.context.lookup(link, PDFDict).get(PDFName.of("A")));
    expect(actions.filter((action) => action !== undefined)).toHaveLength(1);
    expect(text(bytes)).toContain("(https://example.com/statement)");
    // No object left anywhere (written or compressed) that names an action that runs something.
    for (const [, object] of reopened.context.enumerateIndirectObjects()) {
      const dict = object instanceof PDFStream ? object.dict : object;
      if (!(dict instanceof PDFDict)) continue;
      for (const key of ["JS", "OpenAction", "AA", "EF", "XFA"])
        expect(dict.has(PDFName.of(key))).toBe(false);
      expect(String(dict.get(PDFName.of("S")))).not.toMatch(/^\/(JavaScript|Launch)$/);
    }
  });

  it("keeps an encrypted statement readable: its encryption, its ID, its objects' numbers and bytes", async () => {
    // An RC4-encrypted PDF as a bank writes one (owner password only): its strings and streams are
    // encrypted with keys made from each object's number, so they must keep their numbers and bytes.
    const sealed = Buffer.from("\x9c\x01\xf3\x7a\x55\xe0\x13\xb8\x42\x66\xd1\x0f\x88\xa4\x3c\x7e", "latin1");
    const owner = "8a".repeat(32);
    const user = "5e".repeat(32);
    const pdf = Buffer.concat([
      Buffer.from(
        "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>\nendobj\n" +
          "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n" +
          "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>\nendobj\n" +
          `4 0 obj\n<< /Length ${sealed.length} >>\nstream\n`,
        "latin1",
      ),
      sealed,
      Buffer.from(
        "\nendstream\nendobj\n5 0 obj\n<< /S /JavaScript /JS <0badc0de> >>\nendobj\n" +
          `6 0 obj\n<< /Filter /Standard /V 1 /R 2 /O <${owner}> /U <${user}> /P -3904 >>\nendobj\n` +
          "trailer\n<< /Root 1 0 R /Encrypt 6 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>] /Size 7 >>\n%%EOF\n",
        "latin1",
      ),
    ]);

    const cleaned = text((await cleanPdf(pdf))?.bytes ?? new Uint8Array());

    expect(cleaned).toContain(`4 0 obj\n<<\n/Length 16\n>>\nstream\n${sealed.toString("latin1")}\nendstream`);
    expect(cleaned).toMatch(/\/Encrypt 6 0 R/);
    expect(cleaned).toContain(`/O <${owner}>`);
    expect(cleaned).toContain(
      "/ID [ <00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff> ]",
    );
    expect(cleaned).not.toContain("/JS");
    expect(cleaned).not.toContain("5 0 obj");
  });

  it("cleans the same document to the same bytes, whatever follows its end", async () => {
    const hostile = await pdfWithScripts();
    const [once, appended] = await Promise.all([
      cleanPdf(hostile),
      cleanPdf(Buffer.concat([hostile, Buffer.from("\n% one more line\n")])),
    ]);
    expect(once?.bytes).toEqual(appended?.bytes);
  });

  it("gives up on a PDF whose object stream inflates for longer than the deadline, event loop free", async () => {
    const bomb = pdfWithInflatingObjectStream(256 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);

    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const started = performance.now();
    const pages = await cleanPdf(bomb, { timeoutMs: 300 });
    const elapsed = performance.now() - started;
    clearInterval(ticker);

    expect(pages).toBeNull();
    // Inflating 256 MB in pdf-lib takes seconds; the worker is stopped at the deadline instead.
    expect(elapsed).toBeLessThan(2500);
    // The parse ran on another thread: this one kept its timers running meanwhile.
    expect(ticks).toBeGreaterThan(5);
  });
});
