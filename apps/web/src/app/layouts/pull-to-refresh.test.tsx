import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { customer } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { stubApi } from "@/test/stub-api";
import { PULL_THRESHOLD_PX } from "./pull-to-refresh";

/** How many times the wallet summary (the balance) was asked for. */
function balanceReads(fetchMock: ReturnType<typeof stubApi>): number {
  return fetchMock.mock.calls.filter(([input]) => String(input).endsWith("/api/wallet")).length;
}

function pull(distance: number) {
  fireEvent.touchStart(window, { touches: [{ clientY: 100 }] });
  fireEvent.touchMove(window, { touches: [{ clientY: 100 + distance / 2 }] });
  fireEvent.touchMove(window, { touches: [{ clientY: 100 + distance }] });
  fireEvent.touchEnd(window, { touches: [] });
}

describe("pull to refresh", () => {
  // A phone: a touch screen among the pointers (the code loads only there).
  beforeEach(() => {
    const desktop = window.matchMedia;
    vi.spyOn(window, "matchMedia").mockImplementation((query) => ({
      ...desktop(query),
      matches: query === "(any-pointer: coarse)",
    }));
  });
  afterEach(() => vi.restoreAllMocks());

  it("is not there without a touch screen", async () => {
    vi.mocked(window.matchMedia).mockRestore();
    stubApi({ user: customer });
    renderRoute("/dashboard");
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    expect(document.documentElement.style.overscrollBehaviorY).toBe("");
  });

  it("refreshes the balance and the lists when a finger pulls down far enough from the top", async () => {
    const fetchMock = stubApi({ user: customer });
    renderRoute("/dashboard");
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    await waitFor(() => expect(balanceReads(fetchMock)).toBeGreaterThan(0));
    await waitFor(() => expect(document.documentElement.style.overscrollBehaviorY).toBe("contain"));
    const before = balanceReads(fetchMock);

    // Not far enough: nothing is asked again.
    pull(PULL_THRESHOLD_PX - 10);
    expect(screen.queryByText("Refreshing...")).not.toBeInTheDocument();
    expect(balanceReads(fetchMock)).toBe(before);

    pull(PULL_THRESHOLD_PX + 10);
    // Said to screen readers, and shown.
    expect(screen.getAllByRole("status").some((status) => status.textContent === "Refreshing")).toBe(true);
    expect(screen.getByText("Refreshing...")).toBeInTheDocument();
    await waitFor(() => expect(balanceReads(fetchMock)).toBe(before + 1));
    await waitFor(() => expect(screen.queryByText("Refreshing...")).not.toBeInTheDocument());
  });

  it("says Release to refresh past the threshold, and leaves the browser's own pull off on these screens", async () => {
    stubApi({ user: customer });
    renderRoute("/dashboard");
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    await waitFor(() => expect(document.documentElement.style.overscrollBehaviorY).toBe("contain"));
    fireEvent.touchStart(window, { touches: [{ clientY: 100 }] });
    fireEvent.touchMove(window, { touches: [{ clientY: 130 }] });
    expect(screen.getByText("Pull to refresh")).toBeInTheDocument();
    fireEvent.touchMove(window, { touches: [{ clientY: 100 + PULL_THRESHOLD_PX }] });
    expect(screen.getByText("Release to refresh")).toBeInTheDocument();
    fireEvent.touchCancel(window, { touches: [] });
  });
});
