import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { sendLinkMessages } from "@/features/wallet/lib/send-link";
import { customer, customerQuote, walletSummary } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { requestsTo, stubApi } from "@/test/stub-api";

function renderSendAt(url: string) {
  const api = stubApi({
    user: customer,
    routes: {
      "GET /api/wallet": () => walletSummary,
      "POST /api/wallet/send/recipient": () => ({
        kind: "transfer",
        payee: { username: "alice", name: "Alice Example" },
        address: null,
        feeSats: "0",
      }),
      "POST /api/wallet/send/quote": customerQuote,
    },
  });
  renderRoute(url);
  return api;
}

const field = (label: string) => screen.findByLabelText(label);

describe("a payment link opening the send screen", () => {
  it("fills in the recipient, the amount (satoshis, shown in BTC) and the note, and sends nothing by itself", async () => {
    const api = renderSendAt("/wallet/send?to=alice&amount=50000&note=Dinner%20%26%20drinks");
    expect(await field("Recipient")).toHaveValue("alice");
    expect(await field("Amount (BTC)")).toHaveValue("0.0005");
    expect(await field("Note (optional)")).toHaveValue("Dinner & drinks");
    expect(screen.getByRole("note")).toHaveTextContent(sendLinkMessages.filled);
    await waitFor(() =>
      expect(screen.getByLabelText("Recipient")).toHaveAccessibleDescription(
        "Alice Example (alice): inside the bank, no network fee",
      ),
    );
    expect(requestsTo(api, "POST /api/wallet/send/quote")).toEqual([]);
    // The customer continues and sees the review; the money moves only at "Confirm & Send".
    await userEvent.setup().click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("dialog", { name: "Review Transaction" })).toBeInTheDocument();
    expect(requestsTo(api, "POST /api/wallet/send/quote")).toEqual([
      { recipient: "alice", amountSats: "50000" },
    ]);
    expect(requestsTo(api, "POST /api/wallet/send")).toEqual([]);
  });

  it("leaves out each part that fails its check and says which, never guessing", async () => {
    renderSendAt("/wallet/send?to=al%20ice&amount=0.5&note=ok");
    expect(await field("Recipient")).toHaveValue("");
    expect(await field("Amount (BTC)")).toHaveValue("");
    expect(await field("Note (optional)")).toHaveValue("ok");
    const notice = screen.getByRole("note");
    expect(notice).toHaveTextContent(sendLinkMessages.to);
    expect(notice).toHaveTextContent(sendLinkMessages.amount);
    expect(notice).not.toHaveTextContent(sendLinkMessages.note);
  });

  it("says so when nothing of the link could be used", async () => {
    renderSendAt("/wallet/send?to=%3Cscript%3E&amount=-1");
    expect(await field("Recipient")).toHaveValue("");
    const notice = screen.getByRole("note");
    expect(notice).toHaveTextContent(sendLinkMessages.nothing);
    expect(notice).not.toHaveTextContent(sendLinkMessages.filled);
    expect(notice).toHaveTextContent(sendLinkMessages.to);
    expect(notice).toHaveTextContent(sendLinkMessages.amount);
  });

  it("says nothing when the screen opens without a link", async () => {
    renderSendAt("/wallet/send");
    expect(await field("Recipient")).toHaveValue("");
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
  });
});
