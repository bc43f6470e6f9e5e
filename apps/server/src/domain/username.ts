import { BITCOIN_ADDRESS_PREFIXES, isValidUsername, USERNAME_MAX_LENGTH } from "@satsbank/shared";

// Letters that Unicode decomposition does not turn into ASCII on its own.
const FOLDS: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  ł: "l",
  þ: "th",
  ı: "i",
};

/** The fallback when a name has no Latin letter or digit at all (e.g. written in another script). */
const FALLBACK_BASE = "user";

/**
 * The username a name asks for before any suffix: ASCII-folded ("Élodie Müller" -> "elodiemuller"),
 * lower-case letters and digits only, starting with a letter, at most 20 characters, and never starting
 * like a Bitcoin address (it gets a "u" in front). May be shorter than 3 characters; the candidates then
 * carry a suffix.
 */
export function usernameBase(name: string): string {
  const folded = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, (char) => FOLDS[char] ?? "")
    .replace(/^[0-9]+/, "");
  const base = BITCOIN_ADDRESS_PREFIXES.some((prefix) => folded.startsWith(prefix)) ? `u${folded}` : folded;
  return base.slice(0, USERNAME_MAX_LENGTH) || FALLBACK_BASE;
}

/**
 * The usernames to try for a name, best first: the base, then the base with 2, 3, 4... appended (the
 * base shortened to make room). Every candidate is a valid username; the sequence never ends.
 */
export function* usernameCandidates(name: string): Generator<string, never> {
  const base = usernameBase(name);
  if (isValidUsername(base)) yield base;
  for (let n = 2; ; n++) {
    const suffix = String(n);
    const candidate = base.slice(0, USERNAME_MAX_LENGTH - suffix.length) + suffix;
    if (isValidUsername(candidate)) yield candidate;
  }
}

/** The first `count` candidates for a name. */
export function firstUsernameCandidates(name: string, count: number): string[] {
  const out: string[] = [];
  for (const candidate of usernameCandidates(name)) {
    if (out.length >= count) break;
    out.push(candidate);
  }
  return out;
}
