// Draws the app icons (public/icons/*) from one SVG source. The PNGs are committed; run this again only
// when the icon changes: `node apps/web/scripts/generate-icons.mjs` (needs a Chromium binary to rasterise).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ORANGE = "#F7931A";
const OUT = new URL("../public/icons/", import.meta.url).pathname;
// The lucide "bitcoin" glyph (ISC licence), drawn in a 24x24 box centred on (12, 12).
const GLYPH =
  "M11.767 19.089c4.924.868 6.14-6.025 1.216-6.894m-1.216 6.894L5.86 18.047m5.908 1.042-.347 1.97m1.563-8.864c4.924.869 6.14-6.025 1.215-6.893m-1.215 6.893-3.94-.694m5.155-6.2L8.29 4.26m5.908 1.042.348-1.97M7.48 20.364l3.126-17.727";

/** `shape` "circle": an orange disc on transparency; "square": full bleed (maskable, Apple touch). */
function svg({ shape, glyphScale }) {
  const background =
    shape === "circle"
      ? `<circle cx="256" cy="256" r="256" fill="${ORANGE}"/>`
      : `<rect width="512" height="512" fill="${ORANGE}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <title>Satsbank</title>
  ${background}
  <g transform="translate(256 256) scale(${glyphScale}) translate(-12.2 -12)" fill="none" stroke="#FFFFFF" stroke-width="2.1" stroke-linecap="round" stroke-linejoin="round">
    <path d="${GLYPH}"/>
  </g>
</svg>
`;
}

const chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find(
  existsSync,
);
if (!chromium) {
  console.error("generate-icons: no Chromium binary found; install chromium and run again.");
  process.exit(1);
}

const targets = [
  { file: "icon-192.png", size: 192, shape: "circle", glyphScale: 13.5 },
  { file: "icon-512.png", size: 512, shape: "circle", glyphScale: 13.5 },
  // Maskable icons keep their content inside the central 80% circle.
  { file: "icon-maskable-512.png", size: 512, shape: "square", glyphScale: 10.5 },
  { file: "apple-touch-icon.png", size: 180, shape: "square", glyphScale: 12 },
  { file: "favicon-32.png", size: 32, shape: "circle", glyphScale: 14 },
];

writeFileSync(join(OUT, "icon.svg"), svg({ shape: "circle", glyphScale: 13.5 }));

const work = mkdtempSync(join(tmpdir(), "satsbank-icons-"));
try {
  for (const target of targets) {
    const page = join(work, `${target.file}.html`);
    const image = svg(target).replace(
      'width="512" height="512"',
      `width="${target.size}" height="${target.size}"`,
    );
    writeFileSync(
      page,
      `<!doctype html><html><body style="margin:0;background:transparent;overflow:hidden">${image}</body></html>`,
    );
    const png = join(work, target.file);
    execFileSync(
      chromium,
      [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        `--user-data-dir=${join(work, "profile")}`,
        "--default-background-color=00000000",
        `--window-size=${target.size},${target.size}`,
        `--screenshot=${png}`,
        `file://${page}`,
      ],
      { stdio: "ignore" },
    );
    const bytes = readFileSync(png);
    const width = bytes.readUInt32BE(16);
    const height = bytes.readUInt32BE(20);
    if (width !== target.size || height !== target.size) {
      throw new Error(`${target.file}: expected ${target.size}x${target.size}, got ${width}x${height}`);
    }
    writeFileSync(join(OUT, target.file), bytes);
    console.info(`wrote ${target.file} (${target.size}x${target.size}, ${bytes.length} bytes)`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
