import { z } from "zod";
import { plainText } from "./text.js";

// A customer's own labels (issue 24): on their transactions, their deposit addresses and their connected
// wallet; exported and imported as BIP-329 JSON Lines.

export const LABEL_MAX_LENGTH = 255;

export const labelMessages = {
  tooLong: `Label must be at most ${LABEL_MAX_LENGTH} characters`,
  saved: "Label saved",
  removed: "Label removed",
} as const;

/** A label as typed: plain text, trimmed, at most LABEL_MAX_LENGTH characters; empty removes the label. */
export const labelSchema = z
  .string()
  .trim()
  .check(plainText)
  .max(LABEL_MAX_LENGTH, { error: labelMessages.tooLong });

/** `PUT` body of a transaction's or an address's label: `""` removes it. */
export const setLabelBodySchema = z.object({ label: labelSchema }).strict();
export type SetLabelBody = z.infer<typeof setLabelBodySchema>;

/** The label after the change: null when removed. */
export const labelResponseSchema = z.object({ label: z.string().nullable() });
export type LabelResponse = z.infer<typeof labelResponseSchema>;

/** The BIP-329 record types; Satsbank exports `tx` and `addr`, and imports those two only. */
export const bip329TypeSchema = z.enum(["tx", "addr", "pubkey", "input", "output", "xpub"]);
export type Bip329Type = z.infer<typeof bip329TypeSchema>;

/** One BIP-329 line as Satsbank writes it (`origin` and `spendable` are left out: no descriptor here). */
export type Bip329Record = { type: "tx" | "addr"; ref: string; label: string };

/** The largest BIP-329 file an import takes (a 413 above it), and its most lines. */
export const BIP329_IMPORT_MAX_BYTES = 1024 * 1024;
export const BIP329_IMPORT_MAX_LINES = 10_000;

/** What an import did: how many labels it set, and each line it skipped with why (1-based line numbers). */
export const bip329ImportResultSchema = z.object({
  imported: z.number().int().nonnegative(),
  skipped: z.array(z.object({ line: z.number().int().positive(), reason: z.string() })),
});
export type Bip329ImportResult = z.infer<typeof bip329ImportResultSchema>;
