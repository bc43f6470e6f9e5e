import type { Page, Request } from "@playwright/test";

/** One file the browser downloaded, with the bytes it took on the wire (compressed body, no headers). */
export interface LoadedFile {
  path: string;
  type: "script" | "stylesheet" | "document" | "other";
  encoding: string | undefined;
  wireBytes: number;
}

/** What a first load downloaded: its files and their wire bytes per type. */
export interface FirstLoad {
  files: LoadedFile[];
  scriptBytes: number;
  stylesheetBytes: number;
  totalBytes: number;
}

/** The first loads the goal covers, and what shows that each screen is drawn. */
export const FIRST_LOAD_ROUTES = [
  { path: "/auth/login", heading: "Welcome Back", signedIn: false },
  { path: "/dashboard", heading: "Dashboard", signedIn: true },
] as const;

/**
 * Wire bytes of JavaScript a first load should stay under (issue 8), and above which CI fails: the goal
 * itself since issue 25 (fewer, larger chunks: apps/web/build/first-load-chunks.ts).
 */
export const FIRST_LOAD_SCRIPT_GOAL = 150 * 1024;
export const FIRST_LOAD_SCRIPT_LIMIT = FIRST_LOAD_SCRIPT_GOAL;

function typeOf(request: Request): LoadedFile["type"] {
  const resource = request.resourceType();
  if (resource === "script" || resource === "stylesheet" || resource === "document") return resource;
  return "other";
}

/**
 * Opens `path` in `page` (whose context must have an empty cache: a new context) and waits until the
 * screen's heading shows and the network is quiet, then reports every same-origin file it downloaded.
 * API answers are not counted: they are data, not the app. Used by the e2e test that holds the limit
 * (tests/first-load.spec.ts) and by `npm run bench`, which prints the figures (bench/first-load.bench.ts).
 */
export async function measureFirstLoad(page: Page, path: string, heading: string): Promise<FirstLoad> {
  const requests: Request[] = [];
  page.on("requestfinished", (request) => requests.push(request));
  await page.goto(path);
  await page.getByRole("heading", { level: 1, name: heading }).waitFor();
  await page.waitForLoadState("networkidle");

  const origin = new URL(page.url()).origin;
  const files: LoadedFile[] = [];
  for (const request of requests) {
    const url = new URL(request.url());
    if (url.origin !== origin || url.pathname.startsWith("/api/")) continue;
    const response = await request.response();
    const sizes = await request.sizes();
    files.push({
      path: url.pathname,
      type: typeOf(request),
      encoding: response?.headers()["content-encoding"],
      wireBytes: sizes.responseBodySize,
    });
  }
  const sum = (type?: LoadedFile["type"]) =>
    files.filter((file) => type === undefined || file.type === type).reduce((n, f) => n + f.wireBytes, 0);
  return { files, scriptBytes: sum("script"), stylesheetBytes: sum("stylesheet"), totalBytes: sum() };
}

/** "123.4 KB" (1 KB = 1024 bytes). */
export function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
