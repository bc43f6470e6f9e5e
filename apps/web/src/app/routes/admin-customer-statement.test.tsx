import type { Statement } from "@satsbank/shared";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminMe, localIso } from "@/test/admin-fixtures";
import { staff } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { stubApi } from "@/test/stub-api";

const USER_ID = "0b7a3c2e-5f1d-4c8a-9e2b-6d4f1a7c3e90";

const statement: Statement = {
  bankName: "Satsbank",
  customer: { name: "Ada Lovelace", username: "ada", email: "ada@example.com" },
  period: { month: "2030-01", timeZone: "UTC", from: localIso(2030, 1, 1), to: localIso(2030, 2, 1) },
  openingBalanceSats: "0",
  closingBalanceSats: "100000",
  totalInSats: "100000",
  totalOutSats: "0",
  feesSats: "0",
  entries: [
    {
      at: localIso(2030, 1, 2, 8, 0),
      description: "Deposit to bc1qdeposit",
      amountSats: "100000",
      balanceAfterSats: "100000",
      transactionId: "5d2c1b0a-1111-4222-8333-944455556666",
      txid: "b".repeat(64),
      note: null,
      label: null,
    },
  ],
  generatedAt: localIso(2030, 2, 3, 10, 0),
};

describe("a customer's statement for staff", () => {
  it("shows the customer's statement from the staff endpoint, in the same document, without the header in print", async () => {
    const fetchMock = stubApi({
      user: staff,
      routes: {
        "GET /api/admin/me": () => adminMe(),
        [`GET /api/admin/customers/${USER_ID}/statements/2030-01`]: () => statement,
      },
    });
    renderRoute(`/admin/customers/${USER_ID}/statement?month=2030-01`);
    expect(await screen.findByRole("heading", { level: 1, name: "Customer Statement" })).toBeInTheDocument();
    const document = await screen.findByRole("article", { name: "Statement for January 2030" });
    expect(within(document).getByText("Ada Lovelace")).toBeInTheDocument();
    expect(
      within(document).getByRole("table", { name: "1 movement in January 2030, oldest first." }),
    ).toBeInTheDocument();
    expect(within(document).getByText("Deposit to bc1qdeposit")).toBeInTheDocument();
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), "http://localhost"))
      .find((url) => url.pathname.includes("/statements/"));
    expect(asked?.searchParams.get("timeZone")).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(screen.getByRole("button", { name: "Log Out" }).closest("header")).toHaveClass("print:hidden");
  });
});
