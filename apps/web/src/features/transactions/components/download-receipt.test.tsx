import type { Transaction } from "@satsbank/shared";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { transaction, transactionPage } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { stubApi } from "@/test/stub-api";
import { TransactionHistory } from "./transaction-history";

// The details' "Download receipt": a link to the signed receipt, offered only for what the ledger posted.

const SENT = "0a7c5e3d-2b1f-4e8a-9c6d-5f4e3d2c1b0a";
const DEPOSIT = "1b8d6f4e-3c2a-4f9b-8d7e-6a5f4e3d2c1b";
const rows: Transaction[] = [
  transaction({ id: SENT }),
  transaction({
    id: DEPOSIT,
    type: "receive",
    status: "pending",
    amountSats: "70000",
    counterparty: { username: null, name: null, address: "bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk" },
    txid: "ab".repeat(32),
    confirmations: 1,
  }),
];

async function details(row: RegExp) {
  stubApi({
    routes: {
      "GET /api/transactions": () => transactionPage(rows),
      [`GET /api/transactions/${SENT}`]: () => ({ transaction: rows[0] }),
      [`GET /api/transactions/${DEPOSIT}`]: () => ({ transaction: rows[1] }),
    },
  });
  const view = renderWithProviders(<TransactionHistory />, { path: "/history" });
  await view.user.click(await screen.findByRole("button", { name: row }));
  return screen.findByRole("dialog", { name: "Transaction Details" });
}

describe("Download receipt", () => {
  it("links a posted transaction's details to its signed receipt, saved as a file", async () => {
    const dialog = await details(/Sent to alice/);
    const link = within(dialog).getByRole("link", { name: "Download receipt" });
    expect(link.getAttribute("href")).toBe(`/api/transactions/${SENT}/receipt`);
    expect(link.getAttribute("download")).toBe(`satsbank-receipt-${SENT}.json`);
  });

  it("is not offered for a deposit the ledger has not credited yet", async () => {
    const dialog = await details(/Received to your address/);
    expect(within(dialog).getByText("Pending")).toBeTruthy();
    expect(within(dialog).queryByRole("link", { name: "Download receipt" })).toBeNull();
  });
});
