import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { renderRoute } from "@/test/render-route";

describe("404 page", () => {
  let consoleError: MockInstance<typeof console.error>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
  });

  it("says the page was not found and links to the dashboard", async () => {
    renderRoute("/no/such/page");
    expect(await screen.findByText("Oops! Page not found")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Oops! Page not found");
    expect(screen.getByRole("link", { name: "Return to Dashboard" })).toHaveAttribute("href", "/dashboard");
  });

  it("logs the bad path exactly once per visit, even under StrictMode", async () => {
    renderRoute("/no/such/page");
    await screen.findByText("Oops! Page not found");
    // Logged by an effect, after the page shows: wait for it, then count.
    const notFoundCalls = () =>
      consoleError.mock.calls.filter(([message]) => String(message).startsWith("404 Error"));
    await waitFor(() => expect(notFoundCalls()).not.toEqual([]));
    expect(notFoundCalls()).toEqual([
      ["404 Error: User attempted to access non-existent route:", "/no/such/page"],
    ]);
  });

  it("is shown for an unknown page under /profile, without the bottom navigation", async () => {
    renderRoute("/profile/nope");
    expect(await screen.findByText("Oops! Page not found")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith(
        "404 Error: User attempted to access non-existent route:",
        "/profile/nope",
      ),
    );
  });
});
