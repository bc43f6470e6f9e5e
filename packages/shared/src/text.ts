import { z } from "zod";

export const textMessages = {
  hostile: "Use plain text: control characters and text-direction overrides are not allowed",
  unpairedSurrogate: "Use plain text: broken characters (unpaired surrogates) are not allowed",
} as const;

// Cc: the C0 controls (NUL, tab, newline...), DEL and the C1 controls; the bidirectional embeddings and overrides
// (U+202A-U+202E) and isolates (U+2066-U+2069), which make text read differently from what it holds
// ("Trojan Source"). A database refuses NUL outright, and the rest only ever hides what text says.
const HOSTILE = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

// An unpaired UTF-16 surrogate: a high one (U+D800-U+DBFF) not followed by a low one, or a low one
// (U+DC00-U+DFFF) alone. JSON can carry one ("\ud800") but no UTF-8 text can: PostgreSQL's jsonb refuses it
// (an audit entry's details: a 500), and a text column would store U+FFFD in its place. With the `u` flag,
// \p{Cs} matches only a surrogate that is not half of a pair ("🙂" is two surrogates, one code point).
const UNPAIRED_SURROGATE = /\p{Cs}/u;

/** True when `text` holds no unpaired surrogate: every character of it can be written as UTF-8. */
export function isWellFormedText(text: string): boolean {
  return !UNPAIRED_SURROGATE.test(text);
}

/** True when `text` holds no control character, no bidirectional override and no unpaired surrogate. */
export function isPlainText(text: string): boolean {
  return !HOSTILE.test(text) && isWellFormedText(text);
}

/** `text` with each CRLF or lone CR made a LF: a textarea's line breaks, however the browser sent them. */
export function withLineFeeds(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

/**
 * True when `text` holds no control character but the line feed, no bidirectional override and no unpaired
 * surrogate.
 */
export function isPlainMultilineText(text: string): boolean {
  return isPlainText(text.replaceAll("\n", ""));
}

/** `text` with every control character and bidirectional override taken out (for display, never to store). */
export function withoutHostileCharacters(text: string): string {
  return text.replace(new RegExp(HOSTILE.source, "gu"), "");
}

/** The message for text `isPlain` refuses: an unpaired surrogate is named as such, the rest is hostile. */
function plainTextCheck(isPlain: (text: string) => boolean) {
  return z.superRefine<string>((text, ctx) => {
    if (isPlain(text)) return;
    const message = isWellFormedText(text) ? textMessages.hostile : textMessages.unpairedSurrogate;
    ctx.addIssue({ code: "custom", message, input: text });
  });
}

/**
 * The one check every free-text field of a request carries (names, notes, emails, searches, tokens):
 * `z.string().trim().check(plainText).max(100)`. Placed first, its message is the one the field shows.
 * It does not abort: an abort would also skip the body's own checks (see auth.ts).
 */
export const plainText = plainTextCheck(isPlainText);

/**
 * `plainText` for the one kind of field that has lines (a support message, typed in a textarea): line
 * feeds are its own, every other control character and override is refused with the same message.
 * Use after `.overwrite(withLineFeeds)`, so a CRLF is one line break, not a refused CR.
 */
export const plainMultilineText = plainTextCheck(isPlainMultilineText);

/**
 * For text that may hold anything else (a password: compared by its hash, never shown): refuses only an
 * unpaired surrogate, which would reach the hash as U+FFFD, so two different passwords would be one.
 */
export const wellFormedText = z.refine<string>(isWellFormedText, { error: textMessages.unpairedSurrogate });
