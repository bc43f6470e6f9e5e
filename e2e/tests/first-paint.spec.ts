import { createHash } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { signUp } from "../support/accounts.js";

// Issue 25: sign-in and the splash arrive drawn (apps/web/build/prerender.ts), the dashboard with its
// frame and the balance card's skeleton, so the first paint needs no script.

test.describe("before any script runs", () => {
  test.use({ javaScriptEnabled: false });

  test("sign-in is drawn, and its button waits for the app", async ({ page }) => {
    await page.goto("/auth/login");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
    await expect(page.getByLabel("Email")).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
    // A form the browser submitted itself would put the password in the address.
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeDisabled();
  });

  test("sign-up is drawn, and its button waits for the app", async ({ page }) => {
    await page.goto("/auth/signup");
    await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
    await expect(page.getByLabel("Full name")).toBeVisible();
    await expect(page.getByLabel("Confirm password")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create Account" })).toBeDisabled();
  });

  test("the splash is drawn", async ({ page }) => {
    await page.goto("/splash");
    await expect(page.getByText("The Future of Bitcoin Banking")).toBeVisible();
  });

  test("the dashboard shows its frame and the balance card loading", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Total Balance" })).toBeVisible();
    // Plain links already, as they will be.
    await expect(page.getByRole("link", { name: "Send" })).toHaveAttribute("href", "/wallet/send");
    await expect(page.getByRole("heading", { level: 2, name: "Recent Transactions" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Home" })).toBeVisible();
  });
});

/** Console errors and uncaught exceptions: a hydration mismatch or a CSP violation shows as one. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test("the app takes sign-in over without redrawing it, and the button works", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto("/auth/login");
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeEnabled();
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  expect(errors).toEqual([]);
});

test("the app takes sign-up over without redrawing it, keeping what was typed before", async ({ page }) => {
  const errors = collectErrors(page);
  // What a person types while the app's scripts are still on their way stays when the app takes over.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Not waiting for DOMContentLoaded: it waits for the module scripts, held here.
  await page.goto("/auth/signup", { waitUntil: "commit" });
  await page.getByLabel("Full name").fill("Early Typist");
  await expect(page.getByRole("button", { name: "Create Account" })).toBeDisabled();
  release();
  await expect(page.getByRole("button", { name: "Create Account" })).toBeEnabled();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Full name is required")).toHaveCount(0);
  await expect(page.getByLabel("Full name")).toHaveValue("Early Typist");
  expect(errors).toEqual([]);
});

test("the dashboard's shell gives way to the balance", async ({ page }) => {
  await signUp(page);
  const errors = collectErrors(page);
  const asked: string[] = [];
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  await page.goto("/dashboard");
  const balance = page.getByRole("region", { name: "Total Balance" });
  await expect(balance).toContainText("0.00000000 BTC");
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  // Asked for once, early (public/early-data.js, inline in the page), and that answer used: not asked
  // again by the app. The verification overview is asked again as the reminder opens.
  expect(asked.filter((path) => path === "/api/auth/me")).toHaveLength(1);
  expect(asked.filter((path) => path === "/api/wallet")).toHaveLength(1);
  expect(asked.filter((path) => path === "/api/transactions")).toHaveLength(1);
  expect(errors).toEqual([]);
});

// The theme script is written into every page, the dashboard's early requests into its page
// (apps/web/build/inline-scripts.ts, prerender.ts), each allowed by its hash in the CSP
// (apps/server/src/plugins/security-headers.ts): nothing but the HTML blocks the first paint, and no
// inline script is allowed but those.

/** The text of each `<script>` without a `src` in `html`, as the browser hashes it. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (match) => match[1] ?? "",
  );
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

const PAGES = [
  { path: "/auth/login", inline: ['localStorage.getItem("theme")'] },
  { path: "/auth/signup", inline: ['localStorage.getItem("theme")'] },
  { path: "/splash", inline: ['localStorage.getItem("theme")'] },
  { path: "/dashboard", inline: ['localStorage.getItem("theme")', "window.satsbankEarly"] },
  // Not drawn in advance: index.html, with its stylesheet linked.
  { path: "/profile/security", inline: ['localStorage.getItem("theme")'] },
];

for (const { path, inline } of PAGES) {
  test(`${path} waits for nothing but its HTML, and the CSP allows its inline scripts by their hashes`, async ({
    request,
  }) => {
    const res = await request.get(path);
    const html = await res.text();
    const scriptSrc = (res.headers()["content-security-policy"] ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .find(([name]) => name === "script-src")
      ?.slice(1);
    const scripts = inlineScripts(html);
    expect(scripts).toHaveLength(inline.length);
    for (const [i, text] of inline.entries()) expect(scripts[i]).toContain(text);
    // Each script's hash is in the header: a changed script with a stale hash would fail here. The header
    // allows 'self' and the two inline scripts of the build (the dashboard's test shows they are these).
    for (const script of scripts) expect(scriptSrc).toContain(sha256(script));
    expect(scriptSrc).toHaveLength(3);
    expect(scriptSrc?.[0]).toBe("'self'");
    if (path === "/dashboard") expect(new Set(scriptSrc?.slice(1))).toEqual(new Set(scripts.map(sha256)));
    // Render-blocking: a classic external script, or a stylesheet link (every page other than index.html
    // carries its stylesheet inline).
    const head = html.slice(0, html.indexOf("</head>"));
    const blockingScripts = [...head.matchAll(/<script\b[^>]*\ssrc=[^>]*>/gi)]
      .map(([tag]) => tag)
      .filter((tag) => !/\s(async|defer)\b|type="module"/.test(tag));
    expect(blockingScripts).toEqual([]);
    if (path !== "/profile/security") expect(head).not.toMatch(/<link[^>]+rel="stylesheet"/);
  });
}

test("the stored theme is on the page before the app's scripts run, with no CSP violation", async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.addInitScript(() => window.localStorage.setItem("theme", "dark"));
  // Only the page itself and its inline script: the app's scripts never arrive.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto("/auth/login");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.className)).toBe("dark");
  expect(errors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);
});
