import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Read from disk: Vitest hands CSS imports to tests empty, `?raw` included.
const css = readFileSync(join(import.meta.dirname, "index.css"), "utf8");

type Rgb = readonly [number, number, number];
type Tokens = Record<string, string>;

/** A `bg-<token>/<percent>` tint, as Tailwind draws it: the token at that opacity over a surface. */
interface Tint {
  tint: string;
  alpha: number;
  over: string;
}

/** The `--name: #rrggbb;` declarations of one rule block of index.css. */
function tokensOf(selector: string): Tokens {
  const start = css.indexOf(`${selector} {`);
  const body = css.slice(start, css.indexOf("\n}", start));
  return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6});/gi)].map((m) => [m[1], m[2]]));
}

function rgb(tokens: Tokens, name: string): Rgb {
  const hex = tokens[name];
  if (hex === undefined) throw new Error(`no --${name}`);
  const channel = (at: number) => Number.parseInt(hex.slice(at, at + 2), 16);
  return [channel(1), channel(3), channel(5)];
}

function surface(tokens: Tokens, on: string | Tint): Rgb {
  if (typeof on === "string") return rgb(tokens, on);
  const [r, g, b] = rgb(tokens, on.tint);
  const [r0, g0, b0] = rgb(tokens, on.over);
  const mix = (top: number, below: number) => top * on.alpha + below * (1 - on.alpha);
  return [mix(r, r0), mix(g, g0), mix(b, b0)];
}

function luminance([r, g, b]: Rgb): number {
  const linear = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio. */
function contrast(a: Rgb, b: Rgb): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const light = tokensOf(":root");
const dark = { ...light, ...tokensOf(".dark") };

/** The text colours the screens put on each surface, tints included (a notice, an alert, a badge). */
const pairs: ReadonlyArray<readonly [text: string, on: string | Tint]> = [
  ["foreground", "background"],
  ["foreground", "card"],
  ["foreground", "muted"],
  ["foreground", "accent"],
  ["popover-foreground", "popover"],
  ["muted-foreground", "background"],
  ["muted-foreground", "card"],
  ["muted-foreground", "muted"],
  ["muted-foreground", "accent"],
  ["muted-foreground", { tint: "warning", alpha: 0.1, over: "background" }],
  ["brand", "background"],
  ["brand", "card"],
  ["brand", "muted"],
  ["brand", "accent"],
  ["brand", { tint: "warning", alpha: 0.1, over: "background" }],
  ["brand", { tint: "primary", alpha: 0.15, over: "card" }],
  ["destructive", "background"],
  ["destructive", "card"],
  ["destructive", { tint: "destructive", alpha: 0.1, over: "background" }],
  ["destructive", { tint: "destructive", alpha: 0.1, over: "card" }],
  ["success", "card"],
  ["success-strong", { tint: "success", alpha: 0.15, over: "card" }],
  // The staff dashboard: OK in the books' checks, the pending pill, the two-factor warning, an alert.
  ["success-strong", "card"],
  ["success-strong", "background"],
  ["foreground", { tint: "warning", alpha: 0.15, over: "card" }],
  ["foreground", { tint: "warning", alpha: 0.1, over: "background" }],
  ["foreground", { tint: "destructive", alpha: 0.1, over: "background" }],
  ["primary-foreground", "primary"],
  ["destructive-foreground", "destructive"],
  ["success-foreground", "success"],
];

describe("theme tokens (index.css)", () => {
  for (const [theme, tokens] of [
    ["light", light],
    ["dark", dark],
  ] as const) {
    it(`every text colour meets WCAG AA (4.5:1) on the surfaces it is used on, ${theme}`, () => {
      const failing = pairs
        .map(([text, on]) => ({
          text,
          on: typeof on === "string" ? on : `${on.tint}/${on.alpha * 100} over ${on.over}`,
          ratio: Math.round(contrast(rgb(tokens, text), surface(tokens, on)) * 100) / 100,
        }))
        .filter(({ ratio }) => ratio < 4.5);
      expect(failing).toEqual([]);
    });
  }
});
