import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { customer } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { stubApi } from "@/test/stub-api";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the first load of a lazy screen", () => {
  it("draws the router's fallback while the screen's code loads, and React Router warns of nothing", async () => {
    const warn = vi.spyOn(console, "warn");
    stubApi({ user: customer });
    renderRoute("/wallet");
    // Until the lazy layout and screen are loaded, the root route's fallback says the app is loading.
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    expect(await screen.findByRole("heading", { level: 1, name: "Wallet" })).toBeInTheDocument();
    const warnings = warn.mock.calls.map((call) => call.map(String).join(" "));
    expect(warnings.filter((text) => text.includes("HydrateFallback"))).toEqual([]);
  });
});
