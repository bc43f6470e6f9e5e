import { readFileSync } from "node:fs";
import { join } from "node:path";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { notify } from "@/lib/notify";
import { customer, transactionPage, walletSummary } from "@/test/fixtures";
import { notificationServer } from "@/test/notification-server";
import { renderRoute } from "@/test/render-route";
import { stubApi } from "@/test/stub-api";

const css = readFileSync(join(import.meta.dirname, "../../index.css"), "utf8");
const address = "bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk";

/** The dashboard, with the tab bar: where a deposit's toasts arrive. */
async function dashboard() {
  stubApi({
    user: customer,
    routes: {
      ...notificationServer([]).routes,
      "GET /api/wallet": () => walletSummary,
      "GET /api/transactions": () => transactionPage([]),
    },
  });
  renderRoute("/dashboard");
  await screen.findByRole("heading", { level: 1, name: "Dashboard" });
}

function toaster() {
  return document.querySelector("[data-sonner-toaster]") as HTMLElement;
}

describe("toasts", () => {
  it("sit at the bottom, above the tab bar, never at the top over the screen's title and back button", async () => {
    await dashboard();
    act(() => void notify.success("Bitcoin received", "You received 0.00100000 BTC."));
    await screen.findByText("Bitcoin received", { selector: "[data-title]" });
    expect(toaster()).toHaveAttribute("data-y-position", "bottom");
    // On a phone and wider, as far up as the tab bar reaches (the clearance), plus a margin.
    expect(toaster().style.getPropertyValue("--mobile-offset-bottom")).toBe(
      "calc(var(--toast-clearance) + 1rem)",
    );
    expect(toaster().style.getPropertyValue("--offset-bottom")).toBe("calc(var(--toast-clearance) + 1.5rem)");
    // The clearance is the tab bar's height wherever the bar is on the page, and nothing elsewhere.
    expect(screen.getByRole("navigation", { name: "Main" })).toHaveAttribute("data-bottom-nav");
    expect(css).toMatch(/:root\s*\{\s*--toast-clearance:\s*0px;/);
    expect(css).toMatch(
      /:root:has\(\[data-bottom-nav\]\)\s*\{\s*--toast-clearance:\s*calc\(4rem \+ 1px \+ env\(safe-area-inset-bottom\)\);/,
    );
  });

  it("cut an address in the middle on screen, and a screen reader reads it whole", async () => {
    await dashboard();
    act(() => void notify.success("Bitcoin received", `0.001 BTC arrived at your address ${address}.`));
    const description = await screen.findByText(/arrived at your address/, {
      selector: "[data-description]",
    });
    const shown = within(description).getByText("bcrt1q6rz2...z3cppk");
    expect(shown).toHaveAttribute("aria-hidden", "true");
    expect(within(description).getByText(address)).toHaveClass("sr-only");
    expect(description).toHaveTextContent(/^0\.001 BTC arrived at your address bcrt1q6rz2\.\.\.z3cppk/);
  });

  it("show at most three at once, the specification's limit", async () => {
    await dashboard();
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) notify.success(`Deposit ${n}`);
    });
    await screen.findByText("Deposit 5", { selector: "[data-title]" });
    await waitFor(() => {
      const toasts = [...document.querySelectorAll("[data-sonner-toast]")];
      expect(toasts.filter((toast) => toast.getAttribute("data-visible") === "true")).toHaveLength(3);
    });
  });
});
