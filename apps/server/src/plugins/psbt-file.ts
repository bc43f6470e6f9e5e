import type { FastifyReply } from "fastify";
import { z } from "zod";

// A PSBT handed to staff for the vault's key holders (a refill's, a reserves proof's): an attachment, as a
// binary .psbt (BIP-174) or, with ?format=base64, as the text most wallets paste.

/** The query both PSBT downloads take. */
export const psbtFormatQuery = z.object({ format: z.enum(["binary", "base64"]).default("binary") });

export function sendPsbtFile(
  reply: FastifyReply,
  file: { fileName: string; base64: string },
  format: z.infer<typeof psbtFormatQuery>["format"],
): FastifyReply {
  const base64 = format === "base64";
  return reply
    .header("content-type", base64 ? "text/plain; charset=utf-8" : "application/octet-stream")
    .header(
      "content-disposition",
      `attachment; filename="${base64 ? `${file.fileName}.txt` : file.fileName}"`,
    )
    .header("x-content-type-options", "nosniff")
    .send(base64 ? `${file.base64}\n` : Buffer.from(file.base64, "base64"));
}
