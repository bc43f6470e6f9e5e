import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RECENT_TRANSACTIONS_LIMIT } from "@/features/transactions/components/recent-transactions";
import { queryKeys } from "@/lib/query-keys";
import { customer, kycOverview, transaction, transactionPage, walletSummary } from "@/test/fixtures";
import { stubApi } from "@/test/stub-api";
import earlyDataScript from "../../../public/early-data.js?raw";
import { primeDashboard } from "./dashboard";

/** Runs public/early-data.js as the dashboard's page does, before the app: its requests go to `fetch`. */
const runEarlyData = () => new Function(earlyDataScript)();

/** The paths (with their query) `fetch` was asked for, in order. */
function fetched(fetchMock: ReturnType<typeof stubApi>): string[] {
  return fetchMock.mock.calls.map(([input]) => {
    const url = new URL(String(input), "http://localhost");
    return `${url.pathname}${url.search}`;
  });
}

beforeEach(() => {
  // A page opened a second ago: early answers are taken only in a page's first seconds.
  vi.spyOn(performance, "now").mockReturnValue(1_000);
});
afterEach(() => {
  delete window.satsbankEarly;
});

describe("the dashboard's first frame's data (primeDashboard)", () => {
  it("is taken from the early requests, by the very paths the app asks: nothing is asked twice", async () => {
    const recent = transactionPage([transaction({ id: "5c1d9e2a-7b3f-4a8e-8c6d-0f1e2a3b4c01" })]);
    const fetchMock = stubApi({
      user: customer,
      routes: {
        "GET /api/wallet": () => walletSummary,
        "GET /api/transactions": () => recent,
        "GET /api/kyc": () => kycOverview(),
      },
    });
    runEarlyData();
    const early = fetched(fetchMock);
    expect(early).toEqual([
      "/api/auth/me",
      "/api/meta",
      "/api/wallet",
      "/api/transactions?filter=all&limit=5",
      "/api/kyc",
    ]);

    const client = new QueryClient();
    await primeDashboard(client);
    // Had the app asked for another path (another query string), it would have gone to the server.
    expect(fetched(fetchMock)).toEqual(early);
    expect(client.getQueryData(queryKeys.me)).toEqual(customer);
    expect(client.getQueryData(queryKeys.wallet.summary)).toEqual(walletSummary);
    expect(client.getQueryData(queryKeys.transactions.recent(RECENT_TRANSACTIONS_LIMIT))).toEqual(recent);
    expect(client.getQueryData(queryKeys.kyc.overview)).toEqual(kycOverview());
    expect(client.getQueryData(queryKeys.meta)).toMatchObject({ chain: "bitcoind" });
  });

  it("is only the session and the facts for a visitor who is signed out: the guard sends them to sign-in", async () => {
    const fetchMock = stubApi({ user: null });
    runEarlyData();
    const client = new QueryClient();
    await primeDashboard(client);
    // The early 401 never stands in for a later request (lib/early-data.ts): the session is asked again.
    expect(fetched(fetchMock).slice(5)).toEqual(["/api/auth/me"]);
    expect(client.getQueryData(queryKeys.me)).toBeNull();
    expect(client.getQueryData(queryKeys.wallet.summary)).toBeUndefined();
  });
});
