import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SPLASH_FADE_MS, SPLASH_VISIBLE_MS } from "@/lib/ui-config";
import { renderRoute } from "@/test/render-route";

describe("splash", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it("uses the specification's timings", () => {
    expect(SPLASH_VISIBLE_MS).toBe(2000);
    expect(SPLASH_FADE_MS).toBe(500);
  });

  it("shows the large logo and tagline, fades at 2000 ms and goes to sign-in at 2500 ms", async () => {
    const { router } = renderRoute("/splash");
    await advance(0);
    expect(screen.getByText("The Future of Bitcoin Banking")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Satsbank");
    const splash = screen.getByText("The Future of Bitcoin Banking").parentElement;

    await advance(1999);
    expect(router.state.location.pathname).toBe("/splash");
    expect(splash).toHaveAttribute("data-state", "visible");

    await advance(1);
    expect(router.state.location.pathname).toBe("/splash");
    expect(splash).toHaveAttribute("data-state", "fading");
    expect(splash).toHaveClass("opacity-0");

    await advance(499);
    expect(router.state.location.pathname).toBe("/splash");

    await advance(1);
    // The navigation starts now; sign-in's code is a chunk of its own, so it ends once that is loaded.
    const startedOrDone = router.state.navigation.location ?? router.state.location;
    expect(startedOrDone.pathname).toBe("/auth/login");
    vi.useRealTimers();
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome Back" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth/login");
    expect(router.state.historyAction).toBe("REPLACE");
  });
});
