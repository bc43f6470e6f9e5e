/** The routes the app serves, read from the router's own listing: "GET /api/transactions/:transactionId". */
export function routesOf(printed: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of printed.split("\n")) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)/.exec(line);
    if (match === null) continue;
    const [, indent = "", segment = "", methods = ""] = match;
    const depth = indent.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? "") + segment;
    stack.push(path);
    for (const method of methods.split(", ")) if (method !== "HEAD") routes.push(`${method} ${path}`);
  }
  return routes.sort();
}
