import { type Bip329Record, bip329TypeSchema, labelSchema } from "@satsbank/shared";

// BIP-329 (Wallet Labels Export Format) as JSON Lines: reading a file's lines into the records Satsbank
// takes, each other line skipped with why; writing records back. Pure: no database, no HTTP.

export const bip329Reasons = {
  notJson: "Not valid JSON",
  notObject: "Not a JSON object",
  noType: "No type: each record needs one",
  unknownType: "Unknown type: BIP-329 defines tx, addr, pubkey, input, output and xpub",
  notSupported: (type: string) => `Type ${type} is not supported: Satsbank imports tx and addr labels`,
  noRef: "No ref: each record needs one",
  notTxid: "The ref of a tx record must be a transaction id (64 hexadecimal characters)",
  notAddress: "The ref of an addr record must be a Bitcoin address",
  // BIP-329: "If the label ... is omitted, the importing wallet should not alter" it. An empty one is read
  // the same way: an import merges labels, it never removes one.
  noLabel: "No label: nothing to change",
  notTheirsTx: "No transaction of yours has this transaction id",
  notTheirsAddr: "Not one of your deposit addresses or your connected wallet's address",
} as const;

/** What an import's lines hold: the records to apply (in file order) and the lines skipped with why. */
export type ReadLines = {
  records: (Bip329Record & { line: number })[];
  skipped: { line: number; reason: string }[];
};

const TXID = /^[0-9a-f]{64}$/i;
// Base58 or bech32(m): letters and digits only; a bech32 address is at most 90 characters.
const ADDRESS = /^[a-z0-9]{14,90}$/i;
const BECH32 = /^(bc|tb|bcrt)1/i;

/** An address as stored: a bech32 one in lower case (its one canonical case); undefined for no address. */
export function canonicalAddress(ref: string): string | undefined {
  if (!ADDRESS.test(ref)) return undefined;
  return BECH32.test(ref) ? ref.toLowerCase() : ref;
}

/** A ref as stored: a txid in lower case, an address as canonicalAddress writes it. */
function canonicalRef(type: "tx" | "addr", ref: string): string | undefined {
  if (type === "tx") return TXID.test(ref) ? ref.toLowerCase() : undefined;
  return canonicalAddress(ref);
}

/** One line: a record to apply, or why it is skipped. */
function readLine(text: string): Bip329Record | { reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { reason: bip329Reasons.notJson };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { reason: bip329Reasons.notObject };
  const { type, ref, label } = value as Record<string, unknown>;
  if (typeof type !== "string") return { reason: bip329Reasons.noType };
  const known = bip329TypeSchema.safeParse(type);
  if (!known.success) return { reason: bip329Reasons.unknownType };
  if (known.data !== "tx" && known.data !== "addr") return { reason: bip329Reasons.notSupported(known.data) };
  if (typeof ref !== "string" || ref === "") return { reason: bip329Reasons.noRef };
  const canonical = canonicalRef(known.data, ref);
  if (canonical === undefined)
    return { reason: known.data === "tx" ? bip329Reasons.notTxid : bip329Reasons.notAddress };
  if (typeof label !== "string") return { reason: bip329Reasons.noLabel };
  const parsed = labelSchema.safeParse(label);
  if (!parsed.success) return { reason: parsed.error.issues[0]?.message ?? bip329Reasons.noLabel };
  if (parsed.data === "") return { reason: bip329Reasons.noLabel };
  return { type: known.data, ref: canonical, label: parsed.data };
}

/**
 * The lines of a BIP-329 file (separated by `\n`; a `\r` before it is dropped, as a Windows editor writes
 * it). Blank lines are no records and are passed over; line numbers count from 1 in the file as sent.
 */
export function splitLines(text: string): string[] {
  const lines = text.split("\n").map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

export function readBip329Lines(lines: readonly string[]): ReadLines {
  const result: ReadLines = { records: [], skipped: [] };
  lines.forEach((text, index) => {
    const line = index + 1;
    if (text.trim() === "") return;
    const read = readLine(text);
    if ("reason" in read) result.skipped.push({ line, reason: read.reason });
    else result.records.push({ ...read, line });
  });
  return result;
}

/** The file: one JSON object per line, each line ended by `\n` (UTF-8, no byte order mark). */
export function writeBip329Lines(records: readonly Bip329Record[]): string {
  return records.map(({ type, ref, label }) => `${JSON.stringify({ type, ref, label })}\n`).join("");
}

/**
 * One `tx` record per txid. Several of the customer's rows may share one (a batched payout, a deposit to two
 * of their addresses); their distinct labels are joined with "; ", oldest row first, so the same rows
 * always export the same line. `labels` comes sorted by txid, then oldest row first.
 */
export function txRecords(labels: readonly { txid: string; label: string }[]): Bip329Record[] {
  const byTxid = new Map<string, string[]>();
  for (const { txid, label } of labels) {
    const seen = byTxid.get(txid) ?? [];
    if (!seen.includes(label)) seen.push(label);
    byTxid.set(txid, seen);
  }
  return [...byTxid].map(([txid, distinct]) => ({ type: "tx", ref: txid, label: distinct.join("; ") }));
}
