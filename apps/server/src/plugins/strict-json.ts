import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../domain/app-error.js";

export const notUtf8Text = "The request body is not valid UTF-8 text.";

/**
 * JSON bodies are read as UTF-8, strictly. Fastify decodes a body with Buffer#toString, which puts U+FFFD
 * in place of every byte sequence that is no UTF-8 (a surrogate written as the bytes ED A0 80, a lone
 * continuation byte, a truncated character): what the client sent would be changed without a word. Such a
 * body is refused (400); a valid one goes to Fastify's own JSON parser, prototype poisoning refused as by
 * default. (A surrogate written as the JSON escape "\ud800" is valid UTF-8: the plain-text rule refuses it.)
 */
export const strictJson = fp(
  async (app: FastifyInstance) => {
    const parseJson = app.getDefaultJsonParser("error", "error");
    const decoder = new TextDecoder("utf-8", { fatal: true });
    app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
      let text: string;
      try {
        text = decoder.decode(body as Buffer);
      } catch {
        done(new AppError("BAD_REQUEST", notUtf8Text), undefined);
        return;
      }
      parseJson(request, text, done);
    });
  },
  { name: "strict-json" },
);
