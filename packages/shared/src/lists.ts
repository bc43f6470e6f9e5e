import { z } from "zod";
import { plainText } from "./text.js";

// What every list endpoint shares: its search box, its keyset cursor, its page size and the page it answers.

/** The longest text a search box takes. */
export const SEARCH_TEXT_MAX_LENGTH = 100;

/** A free-text search box's value. */
export const searchTextSchema = z.string().trim().check(plainText).max(SEARCH_TEXT_MAX_LENGTH).optional();

/** An opaque keyset cursor: pass back `nextCursor` as it came. */
export const keysetCursorSchema = z.string().check(plainText).max(200).optional();

/** How many rows a request asks for: at most 100, `defaultSize` unless it says. */
export function pageLimitSchema(defaultSize: number) {
  return z.coerce.number().int().min(1).max(100).default(defaultSize);
}

/**
 * A keyset page, `{ items, nextCursor }`: `nextCursor` is null on the last page. A list that answers more
 * (a count) adds it with `.extend`.
 */
export function keysetPageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
