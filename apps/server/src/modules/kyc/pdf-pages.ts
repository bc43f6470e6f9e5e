import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

// A PDF is parsed, stripped of its active content and saved again by pdf-lib. pdf-lib inflates a PDF's
// object streams whole while it parses, synchronously: a few megabytes of compressed spaces become
// gigabytes and hold the event loop for a minute. So the work runs in a worker thread of its own, with a
// small heap and a deadline; past it the worker is terminated and the file is taken as unreadable. A
// fresh worker costs about 150 ms, once per uploaded PDF (decision 0012).

const pdfLibPath = createRequire(import.meta.url).resolve("pdf-lib");

/**
 * Plain CommonJS (a worker with `eval`), so it runs the same from src (Vitest) and from dist.
 *
 * What a viewer could run or open is removed: the catalog's /OpenAction, every /AA (additional actions:
 * the document's, a page's, an annotation's, a form field's), the /JavaScript and /EmbeddedFiles name
 * trees, /AcroForm's /XFA (forms with their own scripts), every /EF (a file specification's embedded
 * file) and /AF (a PDF 2.0 list of associated files), annotations that carry files or media (FileAttachment, RichMedia, Screen, Movie, Sound, 3D), and
 * every /A action (an annotation's, an outline item's) that runs or sends something: JavaScript, Launch,
 * SubmitForm, ImportData, ResetForm, RichMediaExecute, Rendition, GoToE, GoToR, a URI that is not
 * http(s) or mailto, or one whose /Next chain holds any of these. Links to web pages and within the
 * document stay. Objects no longer reachable from the trailer are dropped, so a removed script is not
 * left in the file unreferenced, and the file is written without object streams: every dictionary is
 * in plain text, as it will be read.
 */
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const { PDFDocument, PDFName, PDFDict, PDFArray, PDFRef, PDFStream, PDFString, PDFHexString } =
  require(workerData.pdfLibPath);

const ACTIVE_ACTIONS = new Set(["/JavaScript", "/Launch", "/SubmitForm", "/ImportData", "/ResetForm",
  "/RichMediaExecute", "/Rendition", "/GoToE", "/GoToR"]);
const ACTIVE_ANNOTATIONS = new Set(["/FileAttachment", "/RichMedia", "/Screen", "/Movie", "/Sound", "/3D"]);
const REMOVED_KEYS = ["OpenAction", "AA", "EF", "AF", "XFA", "NeedsRendering", "JS"].map((key) => PDFName.of(key));
const SAFE_URI = /^\\s*(https?:|mailto:)/i;

async function clean(bytes) {
  const document = await PDFDocument.load(bytes, {
    ignoreEncryption: true, throwOnInvalidObject: true, updateMetadata: false,
  });
  const context = document.context;
  const resolve = (object) => (object instanceof PDFRef ? context.lookup(object) : object);
  const dictOf = (object) => {
    const resolved = resolve(object);
    if (resolved instanceof PDFDict) return resolved;
    if (resolved instanceof PDFStream) return resolved.dict;
    return undefined;
  };
  const textOf = (object) => {
    const resolved = resolve(object);
    return resolved instanceof PDFString || resolved instanceof PDFHexString ? resolved.decodeText() : "";
  };

  // An action (or an array of them) that runs or sends something, itself or along its /Next chain.
  const isActive = (object, seen = new Set()) => {
    const resolved = resolve(object);
    if (resolved === undefined || seen.has(resolved)) return false;
    seen.add(resolved);
    if (resolved instanceof PDFArray) return resolved.asArray().some((each) => isActive(each, seen));
    const action = dictOf(resolved);
    if (action === undefined) return false;
    const type = String(action.get(PDFName.of("S")));
    if (ACTIVE_ACTIONS.has(type) || action.has(PDFName.of("JS"))) return true;
    if (type === "/URI" && !SAFE_URI.test(textOf(action.get(PDFName.of("URI"))))) return true;
    const next = action.get(PDFName.of("Next"));
    return next !== undefined && isActive(next, seen);
  };

  const cleanDict = (dict) => {
    for (const key of REMOVED_KEYS) dict.delete(key);
    const action = dict.get(PDFName.of("A"));
    if (action !== undefined && isActive(action)) dict.delete(PDFName.of("A"));
    const names = dictOf(dict.get(PDFName.of("Names")));
    if (names !== undefined) {
      names.delete(PDFName.of("JavaScript"));
      names.delete(PDFName.of("EmbeddedFiles"));
    }
    const annotations = resolve(dict.get(PDFName.of("Annots")));
    if (annotations instanceof PDFArray) {
      for (let i = annotations.size() - 1; i >= 0; i--) {
        const subtype = String(dictOf(annotations.get(i))?.get(PDFName.of("Subtype")));
        if (ACTIVE_ANNOTATIONS.has(subtype)) annotations.remove(i);
      }
    }
  };

  // Every object reachable from the document's catalog and information, each dictionary cleaned before
  // its entries are followed; the encryption dictionary is kept as it is.
  const { Root, Info, Encrypt } = context.trailerInfo;
  const reachable = new Set(Encrypt instanceof PDFRef ? [Encrypt.tag] : []);
  const visited = new Set();
  const pending = [Root, Info].filter((value) => value !== undefined);
  while (pending.length > 0) {
    const object = pending.pop();
    if (object instanceof PDFRef) {
      if (reachable.has(object.tag)) continue;
      reachable.add(object.tag);
      const target = context.lookup(object);
      if (target !== undefined) pending.push(target);
      continue;
    }
    if (visited.has(object)) continue;
    visited.add(object);
    const dict = object instanceof PDFStream ? object.dict : object;
    if (dict instanceof PDFDict) {
      cleanDict(dict);
      for (const [, value] of dict.entries()) pending.push(value);
    } else if (dict instanceof PDFArray) {
      for (const value of dict.asArray()) pending.push(value);
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reachable.has(ref.tag)) context.delete(ref);
  }

  const pages = document.getPageCount();
  const saved = await document.save({
    useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false,
  });
  return { pages, bytes: saved };
}

clean(workerData.bytes).then(
  (pdf) => parentPort.postMessage(pdf, [pdf.bytes.buffer]),
  () => parentPort.postMessage(null),
);
`;

/** A legitimate 5 MB PDF parses and saves in well under a second on one core. */
export const PDF_PARSE_TIMEOUT_MS = 10_000;

export type CleanPdf = { pages: number; bytes: Uint8Array };

/**
 * The PDF without its active content and its number of pages, or null when its objects and page tree
 * do not parse (or parsing and saving take longer than `timeoutMs`). Owner-password PDFs (a bank
 * statement that may not be edited) open in every viewer and their page tree is readable without
 * decrypting, so encryption is no reason to refuse: their strings and streams are written back as they
 * were, under the same object numbers, with the same /Encrypt dictionary.
 */
export function cleanPdf(
  bytes: Uint8Array,
  { timeoutMs = PDF_PARSE_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<CleanPdf | null> {
  return new Promise((resolve) => {
    const worker = new Worker(workerSource, {
      eval: true,
      workerData: { pdfLibPath, bytes },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    let settled = false;
    const settle = (pdf: CleanPdf | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(pdf);
      void worker.terminate();
    };
    const deadline = setTimeout(() => settle(null), timeoutMs);
    worker.once("message", (answer: unknown) => settle(isCleanPdf(answer) ? answer : null));
    // Out of heap, or anything else that ends the worker: the file did not parse.
    worker.once("error", () => settle(null));
    worker.once("exit", () => settle(null));
  });
}

function isCleanPdf(answer: unknown): answer is CleanPdf {
  return (
    typeof answer === "object" &&
    answer !== null &&
    "pages" in answer &&
    typeof answer.pages === "number" &&
    "bytes" in answer &&
    answer.bytes instanceof Uint8Array
  );
}
