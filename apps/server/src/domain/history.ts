import type { HistoryFilter, TransactionType } from "@satsbank/shared";
import { AppError } from "./app-error.js";

// Pure parts of the history query: the filter, the search pattern and the keyset cursor.

export function typeForFilter(filter: HistoryFilter): TransactionType | null {
  if (filter === "sent") return "send";
  if (filter === "received") return "receive";
  return null;
}

/** An ILIKE pattern that matches `text` anywhere, with its own %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * A search box's words (split at white space), each an ILIKE pattern: a row matches when its text holds
 * every one, anywhere and in any order ("johnson alice" finds Alice Johnson). None for a blank search.
 */
export function wordPatterns(text: string): string[] {
  const words = new Set(text.split(/\s+/u).filter((word) => word !== ""));
  return [...words].map(containsPattern);
}

/** Where a page ended: the last row's creation time (microseconds, as text) and id. */
export type HistoryPosition = { createdAt: string; id: string };

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The shape alone lets through times no clock shows (February 31st, 25:00, year 0), which the database
 * would refuse with an error: the time must also read back unchanged through a Date.
 */
function isRealTime(text: string): boolean {
  if (!TIMESTAMP.test(text) || text.startsWith("0000")) return false;
  const date = new Date(`${text.slice(0, 23)}Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === text.slice(0, 23);
}

/** The opaque cursor the client passes back for the next page. */
export function encodeCursor(position: HistoryPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString("base64url");
}

/** The position a cursor names, or null when it is not one this server made. */
export function decodeCursor(cursor: string): HistoryPosition | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value as unknown[];
    if (typeof createdAt !== "string" || typeof id !== "string") return null;
    return isRealTime(createdAt) && UUID.test(id) ? { createdAt, id } : null;
  } catch {
    return null;
  }
}

/**
 * Where the page a client asks for starts: null for the first page, else the position its cursor names.
 * A cursor this server did not make is a 400 on the cursor field with `invalidText` (each list says which
 * page is gone).
 */
export function positionAfter(cursor: string | undefined, invalidText: string): HistoryPosition | null {
  if (cursor === undefined) return null;
  const after = decodeCursor(cursor);
  if (after === null) throw new AppError("VALIDATION_ERROR", invalidText, { cursor: invalidText });
  return after;
}

/**
 * One page out of the rows read for it: the query asks one more row than `limit`, which says whether a
 * next page exists; `nextCursor` (from the page's last row) asks for it, null on the last page.
 */
export function keysetPage<T>(
  rows: readonly T[],
  limit: number,
  cursorOf: (last: T) => string,
): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}

/** The cursor of a row that knows its position (keysetPage's `cursorOf` for the history's keyset). */
export const cursorAt = (row: { position: HistoryPosition }): string => encodeCursor(row.position);

export function isUuid(text: string): boolean {
  return UUID.test(text);
}
