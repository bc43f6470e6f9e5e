import type { WalletSummary } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { walletSummary } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { requestsTo, stubApi } from "@/test/stub-api";
import { BalanceCard } from "./balance-card";

function stubSummary(summary: WalletSummary) {
  return stubApi({ routes: { "GET /api/wallet": () => summary } });
}

describe("BalanceCard", () => {
  it("shows the balance with 8 decimals and its USD estimate", async () => {
    stubSummary(walletSummary);
    renderWithProviders(<BalanceCard />);
    const card = screen.getByRole("region", { name: "Total Balance" });
    expect(await within(card).findByText("0.00746000 BTC")).toBeInTheDocument();
    expect(within(card).getByText("≈ $316.23")).toBeInTheDocument();
    // Screen readers hear words, not the "≈" sign.
    expect(within(card).getByText("About $316.23")).toHaveClass("sr-only");
    expect(within(card).queryByText(/as of/)).not.toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Refresh balance" })).not.toBeInTheDocument();
  });

  it("says how old a stale price is", async () => {
    const asOf = new Date(2025, 3, 17, 14, 5).toISOString();
    stubSummary({ ...walletSummary, price: { ...walletSummary.price, stale: true, asOf } });
    renderWithProviders(<BalanceCard />);
    expect(await screen.findByText("Price as of Apr 17, 2025 14:05")).toBeInTheDocument();
  });

  it("shows what the network reversed as on hold, beside the balance and outside it", async () => {
    stubSummary({ ...walletSummary, balanceSats: "646000", onHoldSats: "100000" });
    renderWithProviders(<BalanceCard />);
    const card = screen.getByRole("region", { name: "Total Balance" });
    expect(await within(card).findByText("0.00646000 BTC")).toBeInTheDocument();
    const held = within(card).getByText("On hold: the network reversed this deposit");
    expect(held.parentElement).toHaveTextContent("On hold: the network reversed this deposit0.00100000 BTC");
  });

  it("says nothing of a hold when nothing is held", async () => {
    stubSummary(walletSummary);
    renderWithProviders(<BalanceCard />);
    expect(await screen.findByText("0.00746000 BTC")).toBeInTheDocument();
    expect(screen.queryByText(/On hold/)).not.toBeInTheDocument();
  });

  it("says so while loading", () => {
    stubSummary(walletSummary);
    renderWithProviders(<BalanceCard />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading balance");
  });

  it("refresh asks the server again, spinning meanwhile, and shows the new balance and price", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    const fetchMock = stubApi({
      routes: {
        "GET /api/wallet": async () => {
          calls += 1;
          if (calls === 1) return walletSummary;
          await gate;
          return {
            ...walletSummary,
            balanceSats: "846000",
            price: { ...walletSummary.price, usdPerBtc: "50000" },
          };
        },
      },
    });
    const { user } = renderWithProviders(<BalanceCard refreshable />);
    expect(await screen.findByText("0.00746000 BTC")).toBeInTheDocument();
    const refresh = screen.getByRole("button", { name: "Refresh balance" });
    expect(refresh.querySelector("svg")).not.toHaveClass("animate-spin");

    await user.click(refresh);
    await waitFor(() => expect(refresh.querySelector("svg")).toHaveClass("animate-spin"));
    expect(screen.getByRole("region", { name: "Total Balance" })).toHaveAttribute("aria-busy", "true");
    release();
    expect(await screen.findByText("0.00846000 BTC")).toBeInTheDocument();
    expect(screen.getByText("≈ $423.00")).toBeInTheDocument();
    expect(requestsTo(fetchMock, "GET /api/wallet")).toHaveLength(2);
    await waitFor(() => expect(refresh.querySelector("svg")).not.toHaveClass("animate-spin"));
  });

  it("offers Try again when the balance cannot be loaded", async () => {
    let fail = true;
    stubApi({
      routes: {
        "GET /api/wallet": () =>
          fail
            ? Response.json({ error: { code: "INTERNAL", message: "Boom" } }, { status: 500 })
            : walletSummary,
      },
    });
    const { user } = renderWithProviders(<BalanceCard />);
    expect(await screen.findByText("Your balance could not be loaded.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("0.00746000 BTC")).toBeInTheDocument();
  });
});
