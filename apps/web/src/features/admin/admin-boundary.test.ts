import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// The staff code must stay out of every customer's download: only the /admin screen may import it, and the
// route table may reach that screen only through its lazy import (a chunk of its own).
const SRC = join(import.meta.dirname, "../..");

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("the staff dashboard's chunk", () => {
  it("is imported only by the /admin screen", () => {
    const importers = sourceFiles(SRC)
      .map((path) => relative(SRC, path))
      .filter((path) => !path.startsWith("features/admin/"))
      .filter((path) => /from\s+["']@\/features\/admin\//.test(readFileSync(join(SRC, path), "utf8")));
    expect(importers).toEqual(["app/routes/admin.tsx"]);
  });

  it("is reached from the route table only by a lazy import of that screen", () => {
    const staticImporters = sourceFiles(SRC)
      .map((path) => relative(SRC, path))
      .filter((path) => /from\s+["'][^"']*routes\/admin["']/.test(readFileSync(join(SRC, path), "utf8")));
    expect(staticImporters).toEqual([]);
    const router = readFileSync(join(SRC, "app/router.tsx"), "utf8");
    expect(router).toContain('import("./routes/admin")');
  });
});
