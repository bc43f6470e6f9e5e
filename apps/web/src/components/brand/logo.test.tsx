import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { stubApi } from "@/test/stub-api";
import { Logo } from "./logo";

function renderLogo() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Logo size="large" data-testid="logo" />
    </QueryClientProvider>,
  );
}

describe("Logo", () => {
  it("shows the brand name served by GET /api/meta", async () => {
    const fetchMock = stubApi({ brandName: "Orange Bank" });
    renderLogo();
    expect(await screen.findByText("Orange Bank")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/meta",
      expect.objectContaining({ credentials: "same-origin" }),
    );
  });

  it("keeps the space empty while loading, with no made-up name", () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise(() => {})),
    );
    renderLogo();
    expect(screen.getByTestId("logo").textContent?.trim()).toBe("");
  });

  it("falls back to the default brand name when the API cannot be reached", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    renderLogo();
    expect(await screen.findByText("Satsbank")).toBeInTheDocument();
  });
});
