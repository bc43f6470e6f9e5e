import { z } from "zod";

export const textMessages = {
  hostile: "Use plain text: control characters and text-direction overrides are not allowed",
} as const;

// Cc: the C0 controls (NUL, tab, newline...), DEL and the C1 controls; the bidirectional embeddings and overrides
// (U+202A-U+202E) and isolates (U+2066-U+2069), which make text read differently from what it holds
// ("Trojan Source"). A database refuses NUL outright, and the rest only ever hides what text says.
const HOSTILE = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

/** True when `text` holds no control character and no bidirectional override. */
export function isPlainText(text: string): boolean {
  return !HOSTILE.test(text);
}

/** `text` with each CRLF or lone CR made a LF: a textarea's line breaks, however the browser sent them. */
export function withLineFeeds(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

/** True when `text` holds no control character but the line feed, and no bidirectional override. */
export function isPlainMultilineText(text: string): boolean {
  return !HOSTILE.test(text.replaceAll("\n", ""));
}

/** `text` with every control character and bidirectional override taken out (for display, never to store). */
export function withoutHostileCharacters(text: string): string {
  return text.replace(new RegExp(HOSTILE.source, "gu"), "");
}

/**
 * The one check every free-text field of a request carries (names, notes, emails, searches, tokens):
 * `z.string().trim().check(plainText).max(100)`. Placed first, its message is the one the field shows.
 * It does not abort: an abort would also skip the body's own checks (see auth.ts).
 */
export const plainText = z.refine<string>(isPlainText, { error: textMessages.hostile });

/**
 * `plainText` for the one kind of field that has lines (a support message, typed in a textarea): line
 * feeds are its own, every other control character and override is refused with the same message.
 * Use after `.overwrite(withLineFeeds)`, so a CRLF is one line break, not a refused CR.
 */
export const plainMultilineText = z.refine<string>(isPlainMultilineText, { error: textMessages.hostile });
