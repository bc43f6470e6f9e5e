import { readFileSync } from "node:fs";
import { join } from "node:path";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { customer, walletSummary } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { stubApi } from "@/test/stub-api";

const css = readFileSync(join(import.meta.dirname, "../../index.css"), "utf8");

function onSandbox() {
  stubApi({
    user: customer,
    routes: {
      "GET /api/meta": () => ({
        brandName: "Satsbank",
        chain: "sandbox",
        confirmations: 3,
        blockIntervalSeconds: null,
      }),
      "GET /api/wallet": () => walletSummary,
    },
  });
}

describe("the Sandbox banner", () => {
  it("takes its own place above the page, in the flow, instead of floating over the screen's heading", async () => {
    onSandbox();
    renderRoute("/wallet");
    const heading = await screen.findByRole("heading", { level: 1, name: "Wallet" });
    const banner = await screen.findByRole("complementary", { name: "Test network" });
    expect(banner).toHaveTextContent("Sandbox: a test network, no bitcoin here is real");
    // Not positioned over the page: a fixed or absolute badge covered "Wallet" and "KYC & Verification".
    expect(banner.className).not.toMatch(/\b(fixed|absolute|sticky)\b/);
    // Before the page in the document, so it is laid out above it.
    const main = screen.getByRole("main");
    expect(banner.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(main).toContainElement(heading);
    // Its height is known and taken off the page's minimum height, so it adds no scrolling.
    expect(banner).toHaveAttribute("data-sandbox-banner");
    expect(banner.className).toContain("h-(--sandbox-banner-height)");
    expect(css).toMatch(
      /:root:has\(\[data-sandbox-banner\]\),\s*:root\[data-chain="sandbox"\]\s*\{\s*--sandbox-banner-height:\s*1\.75rem;/,
    );
    // Before the app draws it, a page the server marked as the sandbox's keeps its place (no shift).
    expect(css).toMatch(
      /:root\[data-chain="sandbox"\] #root:not\(:has\(\[data-sandbox-banner\]\)\)::before\s*\{[^}]*height:\s*var\(--sandbox-banner-height\);/,
    );
    expect(css).toMatch(
      /@utility min-h-window\s*\{\s*min-height:\s*calc\(100dvh - var\(--sandbox-banner-height\)\);/,
    );
    expect(main.parentElement?.className).toMatch(/\bmin-h-window\b/);
  });
});
