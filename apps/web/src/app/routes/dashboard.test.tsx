import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  customer,
  kycOverview,
  kycSubmission,
  transaction,
  transactionPage,
  walletSummary,
} from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { requestsTo, stubApi } from "@/test/stub-api";

function listQueries(fetchMock: ReturnType<typeof stubApi>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname === "/api/transactions")
    .map((url) => url.searchParams.toString());
}

describe("dashboard", () => {
  it("shows the balance, Send and Receive, the latest five transactions and View All", async () => {
    const fetchMock = stubApi({
      user: customer,
      routes: {
        "GET /api/wallet": () => walletSummary,
        "GET /api/transactions": () =>
          transactionPage([
            transaction({ id: "5c1d9e2a-7b3f-4a8e-8c6d-0f1e2a3b4c01" }),
            transaction({
              id: "5c1d9e2a-7b3f-4a8e-8c6d-0f1e2a3b4c02",
              type: "receive",
              counterparty: { username: "bob", name: "Bob", address: null },
            }),
          ]),
      },
    });
    renderRoute("/dashboard");
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    const balance = screen.getByRole("region", { name: "Total Balance" });
    expect(await within(balance).findByText("0.00746000 BTC")).toBeInTheDocument();
    expect(within(balance).getByText("≈ $316.23")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Send" })).toHaveAttribute("href", "/wallet/send");
    expect(screen.getByRole("link", { name: "Receive" })).toHaveAttribute("href", "/wallet/receive");
    expect(screen.getByRole("button", { name: "Toggle theme" })).toBeInTheDocument();

    const recent = screen.getByRole("region", { name: "Recent Transactions" });
    expect(within(recent).getByRole("link", { name: "View All" })).toHaveAttribute("href", "/history");
    const list = await within(recent).findByRole("list", { name: "Recent Transactions" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(within(list).getByText("Sent to alice")).toBeInTheDocument();
    expect(within(list).getByText("Received from bob")).toBeInTheDocument();
    // StrictMode may ask twice; every request is for the latest five.
    expect(new Set(listQueries(fetchMock))).toEqual(new Set(["filter=all&limit=5"]));
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
  });

  it("says 'No recent transactions' when there are none", async () => {
    stubApi({
      user: customer,
      routes: {
        "GET /api/wallet": () => walletSummary,
        "GET /api/transactions": () => transactionPage([]),
      },
    });
    renderRoute("/dashboard");
    expect(await screen.findByText("No recent transactions")).toBeInTheDocument();
  });

  it("reminds a customer who has not finished verifying, with a link to where it stopped", async () => {
    stubApi({
      user: customer,
      routes: {
        "GET /api/wallet": () => ({ ...walletSummary, canSend: false, sendLimit: null }),
        "GET /api/transactions": () => transactionPage([]),
        "GET /api/kyc": () => kycOverview({ resume: "selfie" }),
      },
    });
    renderRoute("/dashboard");
    const reminder = await screen.findByRole("region", { name: "Finish verifying your identity" });
    expect(within(reminder).getByRole("link", { name: "Continue Verification" })).toHaveAttribute(
      "href",
      "/auth/kyc/selfie",
    );
  });

  it("a customer who has not started is sent to the introduction; a pending one to the status", async () => {
    let overview = kycOverview();
    stubApi({
      user: customer,
      routes: {
        "GET /api/wallet": () => walletSummary,
        "GET /api/transactions": () => transactionPage([]),
        "GET /api/kyc": () => overview,
      },
    });
    const first = renderRoute("/dashboard");
    const start = await screen.findByRole("region", { name: "Verify your identity" });
    expect(within(start).getByRole("link", { name: "Start Verification" })).toHaveAttribute(
      "href",
      "/auth/kyc/intro",
    );
    first.unmount();

    overview = kycOverview({ resume: "status", basic: kycSubmission() });
    renderRoute("/dashboard");
    const pending = await screen.findByRole("region", { name: "Verification in progress" });
    expect(pending).toHaveTextContent("Verification typically takes 24-48 hours");
    expect(within(pending).getByRole("link", { name: "View Status" })).toHaveAttribute(
      "href",
      "/auth/kyc/status",
    );
  });

  it("shows no reminder once verified", async () => {
    const api = stubApi({
      user: customer,
      routes: {
        "GET /api/wallet": () => walletSummary,
        "GET /api/transactions": () => transactionPage([]),
        "GET /api/kyc": () =>
          kycOverview({ level: 1, resume: null, basic: kycSubmission({ status: "approved" }) }),
      },
    });
    renderRoute("/dashboard");
    expect(await screen.findByText("No recent transactions")).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(api, "GET /api/kyc")).not.toHaveLength(0));
    expect(screen.queryByRole("link", { name: /Verification|View Status/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /verif/i })).not.toBeInTheDocument();
  });
});
