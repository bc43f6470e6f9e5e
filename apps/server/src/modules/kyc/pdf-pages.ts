import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

// pdf-lib inflates a PDF's object streams whole while it parses, synchronously: a few megabytes of
// compressed spaces become gigabytes and hold the event loop for a minute. So the parse runs in a worker
// thread of its own, with a small heap and a deadline; past it the worker is terminated and the file is
// taken as unreadable. A fresh worker costs about 150 ms, once per uploaded PDF (decision 0012).

const pdfLibPath = createRequire(import.meta.url).resolve("pdf-lib");

/** Plain CommonJS (a worker with `eval`), so it runs the same from src (Vitest) and from dist. */
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const { PDFDocument } = require(workerData.pdfLibPath);
PDFDocument.load(workerData.bytes, { ignoreEncryption: true, throwOnInvalidObject: true, updateMetadata: false })
  .then((document) => document.getPages().length)
  .then((pages) => parentPort.postMessage(pages), () => parentPort.postMessage(null));
`;

/** A legitimate 5 MB PDF parses in well under a second on one core. */
export const PDF_PARSE_TIMEOUT_MS = 10_000;

/**
 * The number of pages of a PDF whose objects and page tree parse, or null when they do not (or the parse
 * takes longer than `timeoutMs`). Owner-password PDFs (a bank statement that may not be edited) open in
 * every viewer and their page tree is readable without decrypting, so encryption is no reason to refuse.
 */
export function countPdfPages(
  bytes: Uint8Array,
  { timeoutMs = PDF_PARSE_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<number | null> {
  return new Promise((resolve) => {
    const worker = new Worker(workerSource, {
      eval: true,
      workerData: { pdfLibPath, bytes },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    let settled = false;
    const settle = (pages: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(pages);
      void worker.terminate();
    };
    const deadline = setTimeout(() => settle(null), timeoutMs);
    worker.once("message", (pages: unknown) => settle(typeof pages === "number" ? pages : null));
    // Out of heap, or anything else that ends the worker: the file did not parse.
    worker.once("error", () => settle(null));
    worker.once("exit", () => settle(null));
  });
}
