/** The `code` of a Node.js system error ("ENOENT", "EEXIST", "EADDRINUSE"), or undefined for any other value. */
export function systemErrorCode(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = Reflect.get(error, "code");
  return typeof code === "string" ? code : undefined;
}
