import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { customer, transactionPage, walletSummary } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { requestsTo, stubApi } from "@/test/stub-api";

describe("wallet", () => {
  it("has the balance with Refresh, Send Bitcoin, Receive Bitcoin and Recent Activity", async () => {
    const fetchMock = stubApi({
      user: customer,
      routes: {
        "GET /api/wallet": () => walletSummary,
        "GET /api/transactions": () => transactionPage([]),
      },
    });
    renderRoute("/wallet");
    expect(await screen.findByRole("heading", { level: 1, name: "Wallet" })).toBeInTheDocument();
    const balance = screen.getByRole("region", { name: "Total Balance" });
    expect(await within(balance).findByText("0.00746000 BTC")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Send Bitcoin" })).toHaveAttribute("href", "/wallet/send");
    expect(screen.getByRole("link", { name: "Receive Bitcoin" })).toHaveAttribute("href", "/wallet/receive");
    const activity = screen.getByRole("region", { name: "Recent Activity" });
    expect(await within(activity).findByText("No recent transactions")).toBeInTheDocument();

    const calls = requestsTo(fetchMock, "GET /api/wallet").length;
    await userEvent.setup().click(within(balance).getByRole("button", { name: "Refresh balance" }));
    await waitFor(() => expect(requestsTo(fetchMock, "GET /api/wallet")).toHaveLength(calls + 1));
  });
});
