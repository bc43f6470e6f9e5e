import { readFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

// The built app's pages (index.html and the pre-rendered ones) as this installation sends them: marked
// with what the stylesheet must know before the app runs, and compressed once at start-up.

/** A page's bytes as sent: the marked HTML and its brotli and gzip copies. */
export type SentPage = { plain: Buffer; br: Buffer; gzip: Buffer };

/**
 * The page in `file` with `data-chain="<chain>"` on its `<html>`: on the sandbox chain the stylesheet
 * keeps the sandbox banner's place from the first paint (apps/web/src/index.css), so nothing on the page
 * moves when the app learns the chain (GET /api/meta) and draws the banner there.
 */
export function sentPage(file: string, chain: string): SentPage {
  const html = readFileSync(file, "utf8");
  const plain = Buffer.from(html.replace(/<html\b/i, `<html data-chain="${chain}"`));
  return {
    plain,
    br: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(plain, { level: 9 }),
  };
}

/** The encodings the request accepts (q > 0), by name. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

/** Sends the page as the static files are sent: brotli, else gzip, else plain; revalidated on every use. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: SentPage): FastifyReply {
  const accepted = acceptedEncodings(request.headers["accept-encoding"]);
  const [encoding, body] = accepted.has("br")
    ? ["br", page.br]
    : accepted.has("gzip")
      ? ["gzip", page.gzip]
      : [null, page.plain];
  reply.header("content-type", "text/html; charset=utf-8");
  reply.header("cache-control", "no-cache");
  reply.header("vary", "accept-encoding");
  if (encoding !== null) reply.header("content-encoding", encoding);
  return reply.send(body);
}
