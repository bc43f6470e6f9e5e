/**
 * Canonical JSON of a flat record of strings: keys in code-point order, no white space, JSON.stringify's
 * escaping (the values are ASCII in practice: addresses, decimal amounts, UUIDs, base64url). The same
 * facts always give the same bytes, whoever writes them (docs/decisions/0021-passkeys.md).
 */
export function canonicalJson(facts: Readonly<Record<string, string>>): string {
  const keys = Object.keys(facts).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${keys.map((key) => `${JSON.stringify(key)}:${JSON.stringify(facts[key])}`).join(",")}}`;
}
