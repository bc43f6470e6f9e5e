import type { SendQuote, Transaction } from "@satsbank/shared";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { localIso } from "@/test/admin-fixtures";
import { transaction, walletSummary, withdrawalQuote } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { type StubHandler, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";
import { SendBitcoin } from "./send-bitcoin";

const address = "bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk";
const heldUntil = localIso(2025, 4, 18, 14, 5);

/** The quote of a withdrawal that will wait for `wait`. */
function quoteWaiting(wait: SendQuote["withdrawal"]): StubHandler {
  return (request) => ({ ...(withdrawalQuote(request) as SendQuote), withdrawal: wait });
}

/** The send's answer: the withdrawal's transaction, where the policy put it. */
function sentAs(progress: Transaction["withdrawal"]): StubHandler {
  const sent = transaction({
    status: "pending",
    feeSats: "1000",
    counterparty: { username: null, name: null, address },
    withdrawal: progress,
  });
  return () => Response.json({ transaction: sent }, { status: 201 });
}

async function review(quote: StubHandler, send: StubHandler) {
  stubApi({
    routes: {
      "GET /api/wallet": () => walletSummary,
      "POST /api/wallet/send/quote": quote,
      "POST /api/wallet/send": send,
    },
  });
  const view = renderWithProviders(<SendBitcoin />, { path: "/wallet/send" });
  await view.user.type(await screen.findByLabelText("Recipient"), address);
  await view.user.type(screen.getByLabelText("Amount (BTC)"), "0.002");
  await view.user.click(screen.getByRole("button", { name: "Continue" }));
  const dialog = await screen.findByRole("dialog", { name: "Review Transaction" });
  return { ...view, dialog };
}

describe("the send review of a withdrawal that waits", () => {
  it("says a first withdrawal to this address is held, and that two members of staff review it", async () => {
    const view = await review(
      quoteWaiting({ holdHours: 24, approvalsNeeded: 2 }),
      sentAs({ state: "held", heldUntil, reason: null }),
    );
    const { dialog } = view;
    expect(dialog).toHaveAccessibleDescription(
      "Check the details. Until it is sent, you can cancel it from your history.",
    );
    const hold = within(dialog).getByRole("note", { name: "Withdrawal hold" });
    expect(hold).toHaveTextContent("Held for 24 hours");
    expect(hold).toHaveTextContent(
      "This is your first withdrawal to this address: it will be held for 24 hours before it is sent. Until then you can cancel it from your history.",
    );
    const staff = within(dialog).getByRole("note", { name: "Staff review" });
    expect(staff).toHaveTextContent(
      "After the hold, it will be reviewed by two members of our staff before it is sent.",
    );
    // Both notices come before the confirmation.
    const confirm = within(dialog).getByRole("button", { name: "Confirm & Send" });
    expect(hold.compareDocumentPosition(confirm) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await view.user.click(confirm);
    await expectToast(
      "success",
      "Withdrawal held until Apr 18, 2025 14:05",
      "It is sent then, unless you cancel it from your history. After the hold, our staff review it.",
    );
    expect(screen.queryByText("Bitcoin sent successfully")).not.toBeInTheDocument();
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/dashboard$/);
  });

  it("says one member of staff reviews it, and the toast says it waits for approval", async () => {
    const view = await review(
      quoteWaiting({ holdHours: null, approvalsNeeded: 1 }),
      sentAs({ state: "awaiting_approval", heldUntil: null, reason: null }),
    );
    expect(within(view.dialog).queryByRole("note", { name: "Withdrawal hold" })).not.toBeInTheDocument();
    expect(within(view.dialog).getByRole("note", { name: "Staff review" })).toHaveTextContent(
      "It will be reviewed by our staff before it is sent. Until then you can cancel it from your history.",
    );
    await view.user.click(within(view.dialog).getByRole("button", { name: "Confirm & Send" }));
    await expectToast(
      "success",
      "Waiting for approval",
      "It will be reviewed by our staff before it is sent. You can cancel it from your history until then.",
    );
    expect(screen.queryByText("Bitcoin sent successfully")).not.toBeInTheDocument();
  });

  it("a withdrawal that waits for nothing: no notice, and 'Bitcoin sent successfully' saying it is on its way", async () => {
    const view = await review(
      quoteWaiting({ holdHours: null, approvalsNeeded: 0 }),
      sentAs({ state: "queued", heldUntil: null, reason: null }),
    );
    expect(view.dialog).toHaveAccessibleDescription("Check the details. A send cannot be undone.");
    expect(within(view.dialog).queryByRole("note")).not.toBeInTheDocument();
    await view.user.click(within(view.dialog).getByRole("button", { name: "Confirm & Send" }));
    await expectToast(
      "success",
      "Bitcoin sent successfully",
      "It is on its way on the Bitcoin network and completes once the network confirms it. We will notify you then.",
    );
  });
});
