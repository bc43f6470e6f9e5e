import type { Page } from "@playwright/test";

/**
 * An image drawn by the browser (random coloured shapes and a random label): every call is a different
 * document, as two people's passports would be, and small on disk.
 */
export async function drawnImage(
  page: Page,
  { width, height, type }: { width: number; height: number; type: "image/png" | "image/jpeg" },
): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h, mime]) => {
      const canvas = document.createElement("canvas");
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext("2d");
      if (ctx === null) throw new Error("no 2d canvas");
      const colour = () => `hsl(${Math.floor(Math.random() * 360)} 60% 60%)`;
      ctx.fillStyle = colour();
      ctx.fillRect(0, 0, w, h);
      for (let i = 0; i < 12; i++) {
        ctx.fillStyle = colour();
        ctx.fillRect(Math.random() * w, Math.random() * h, (Math.random() * w) / 2, (Math.random() * h) / 2);
      }
      ctx.fillStyle = "#111";
      ctx.font = "32px sans-serif";
      ctx.fillText(`Document ${crypto.randomUUID()}`, 20, 60);
      return canvas.toDataURL(mime, 0.85);
    },
    [width, height, type] as const,
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
}

/** A date `daysAgo` days before today, as the date input takes it (YYYY-MM-DD). */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}
