import type { ReactNode } from "react";
import { truncateMiddle } from "./truncate-middle";

/** A word this long with no space in it is an address or a txid, never prose. */
const LONG_WORD = /[A-Za-z0-9]{26,}/g;

/**
 * Text with every address (or txid) in it cut in the middle on screen and read whole by screen readers: a
 * full address makes a toast three lines tall on a phone, and a table's cell as wide as the window. Text
 * without one stays a string.
 */
export function cutLongWords(text: string): ReactNode {
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(LONG_WORD)) {
    const word = match[0];
    parts.push(text.slice(from, match.index));
    parts.push(
      <span key={match.index}>
        <span aria-hidden="true">{truncateMiddle(word)}</span>
        <span className="sr-only">{word}</span>
      </span>,
    );
    from = match.index + word.length;
  }
  if (parts.length === 0) return text;
  parts.push(text.slice(from));
  return parts;
}
