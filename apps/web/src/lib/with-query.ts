/**
 * `path` with the given query parameters, in their order, each as `String()` writes it; an undefined or
 * empty value is left out (the server's default applies). Values are `unknown` because a shared query
 * type's coerced numbers are (`z.coerce` takes anything).
 */
export function withQuery(path: string, params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === "") continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
