import { belowDustText, textMessages, type WalletSummary } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { customerQuote, transaction, walletSummary, withdrawalQuote } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { apiError, requestsTo, type StubHandler, stubApi } from "@/test/stub-api";
import { SendBitcoin } from "./send-bitcoin";

const sent = { transaction: transaction() };

/** An outside address: with the summary's 1000 sat fee, 0.00745 BTC of the 0.00746 BTC can go to it. */
const outsideAddress = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";

/** The server's look-up of a recipient: alice inside the bank, the outside address with its fee, else nobody. */
const lookUpRecipient: StubHandler = ({ body }) => {
  const { recipient } = body as { recipient: string };
  if (recipient === "alice") {
    return {
      kind: "transfer",
      payee: { username: "alice", name: "Alice Example" },
      address: null,
      feeSats: "0",
    };
  }
  if (recipient === outsideAddress) {
    return { kind: "withdrawal", payee: null, address: outsideAddress, feeSats: "1000" };
  }
  const text = "No customer has that username or deposit address";
  return apiError(400, "VALIDATION_ERROR", text, { recipient: text }, "unknownRecipient");
};

async function renderSend(routes: Record<string, StubHandler> = {}, summary: WalletSummary = walletSummary) {
  const fetchMock = stubApi({
    routes: {
      "GET /api/wallet": () => summary,
      "POST /api/wallet/send/recipient": lookUpRecipient,
      ...routes,
    },
  });
  const view = renderWithProviders(<SendBitcoin />, { path: "/wallet/send" });
  const recipient = await screen.findByLabelText("Recipient");
  const amount = screen.getByLabelText("Amount (BTC)");
  const note = screen.getByLabelText("Note (optional)");
  const submit = screen.getByRole("button", { name: "Continue" });
  return { ...view, fetchMock, recipient, amount, note, submit };
}

/** What the form says under the recipient once the server looked it up (the field's description). */
async function recipientSays(recipient: HTMLElement, text: string) {
  await waitFor(() => expect(recipient).toHaveAccessibleDescription(text));
}

const OUTSIDE_FEE = "An address outside the bank: a 0.00001000 BTC network fee applies";
const ALICE_FREE = "Alice Example (alice): inside the bank, no network fee";

/** A toast's description, checked to sit in a destructive (error) toast under `title`. */
async function expectErrorToast(title: string, text: string) {
  const description = await screen.findByText(text, { selector: "[data-description]" });
  const toast = description.closest("[data-sonner-toast]");
  expect(toast).toHaveAttribute("data-type", "error");
  expect(within(toast as HTMLElement).getByText(title)).toBeInTheDocument();
}

/** The toast whose description is `text`, if one is shown (the field's own message has the same words). */
function toastWith(text: string) {
  return screen.queryByText(text, { selector: "[data-sonner-toast] [data-description]" });
}

async function openReview(view: Awaited<ReturnType<typeof renderSend>>, amount = "0.001", note = "") {
  await view.user.type(view.recipient, "alice");
  await view.user.type(view.amount, amount);
  if (note) await view.user.type(view.note, note);
  await view.user.click(view.submit);
  return screen.findByRole("dialog", { name: "Review Transaction" });
}

describe("send form", () => {
  it("has labelled fields, the placeholder and a decimal keyboard", async () => {
    const { recipient, amount } = await renderSend();
    expect(recipient).toHaveAttribute("placeholder", "Bitcoin address or username");
    expect(amount).toHaveAttribute("inputmode", "decimal");
    expect(amount).toHaveAccessibleDescription(
      "≈ $0.00 Available: 0.00746000 BTC Left today: 0.09000000 BTC",
    );
  });

  it("checks recipient, then amount above zero, then funds: destructive toasts, field marked and focused", async () => {
    const view = await renderSend({ "POST /api/wallet/send/quote": customerQuote });

    await view.user.click(view.submit);
    await expectErrorToast("Recipient required", "Please enter a recipient address or username");
    expect(view.recipient).toHaveAttribute("aria-invalid", "true");
    expect(view.recipient).toHaveAccessibleDescription("Please enter a recipient address or username");
    expect(view.recipient).toHaveFocus();

    await view.user.type(view.recipient, "alice");
    expect(view.recipient).not.toHaveAttribute("aria-invalid");
    await view.user.click(view.submit);
    await expectErrorToast("Invalid amount", "Please enter a valid amount");
    expect(view.amount).toHaveAttribute("aria-invalid", "true");
    expect(view.amount).toHaveFocus();

    await view.user.type(view.amount, "0.0");
    await view.user.click(view.submit);
    expect(view.amount).toHaveAttribute("aria-invalid", "true");

    await view.user.clear(view.amount);
    await view.user.type(view.amount, "0.00746001");
    await view.user.click(view.submit);
    await expectErrorToast("Insufficient funds", "You can only send up to 0.00746000 BTC");
    expect(view.amount).toHaveAttribute("aria-invalid", "true");
    expect(view.amount).toHaveAccessibleDescription(
      "≈ $316.23 Available: 0.00746000 BTC Left today: 0.09000000 BTC You can only send up to 0.00746000 BTC",
    );
    expect(view.amount).toHaveFocus();

    expect(requestsTo(view.fetchMock, "POST /api/wallet/send/quote")).toEqual([]);
  });

  it("Max fills the spendable amount, and the USD estimate follows the amount", async () => {
    const view = await renderSend({}, { ...walletSummary, balanceSats: "900000", spendableSats: "746000" });
    expect(screen.getByText("Available: 0.00746000 BTC")).toBeVisible();
    await view.user.click(screen.getByRole("button", { name: "Max" }));
    expect(view.amount).toHaveValue("0.00746");
    expect(view.amount).toHaveAccessibleDescription(
      "≈ $316.23 Available: 0.00746000 BTC Left today: 0.09000000 BTC",
    );

    await view.user.clear(view.amount);
    await view.user.type(view.amount, "0.001");
    expect(view.amount).toHaveAccessibleDescription(
      "≈ $42.39 Available: 0.00746000 BTC Left today: 0.09000000 BTC",
    );
  });

  it("Max then an outside address: the amount becomes the balance less the fee, with fee and total shown", async () => {
    const view = await renderSend({ "POST /api/wallet/send/quote": withdrawalQuote });
    const max = screen.getByRole("button", { name: "Max" });
    await view.user.click(max);
    expect(view.amount).toHaveValue("0.00746");
    expect(max).toHaveAttribute("aria-pressed", "true");

    await view.user.type(view.recipient, outsideAddress);
    // Once the server says it is outside the bank, Max follows: everything, fee included.
    await recipientSays(view.recipient, OUTSIDE_FEE);
    expect(view.amount).toHaveValue("0.00745");
    const cost = screen.getByLabelText("Fee and total");
    expect(within(cost).getByText("Network fee").nextElementSibling).toHaveTextContent("0.00001000 BTC");
    expect(within(cost).getByText("Total").nextElementSibling).toHaveTextContent("0.00746000 BTC≈ $316.23");
    // "Available" stays the balance, and says why less of it can go to this address.
    expect(view.amount).toHaveAccessibleDescription(
      "≈ $315.80 Available: 0.00746000 BTC Left today: 0.09000000 BTC " +
        "Up to 0.00745000 BTC to this address: the 0.00001000 BTC network fee comes out of your balance too.",
    );

    await view.user.click(view.submit);
    expect(await screen.findByRole("dialog", { name: "Review Transaction" })).toBeInTheDocument();
    expect(requestsTo(view.fetchMock, "POST /api/wallet/send/quote")).toEqual([
      { recipient: outsideAddress, amountSats: "745000" },
    ]);
  });

  it("Max follows the recipient both ways, and typing lets go of it", async () => {
    const view = await renderSend();
    await view.user.type(view.recipient, outsideAddress);
    await recipientSays(view.recipient, OUTSIDE_FEE);
    const max = screen.getByRole("button", { name: "Max" });
    await view.user.click(max);
    expect(view.amount).toHaveValue("0.00745");

    // A customer inside the bank: no fee, the whole balance.
    await view.user.clear(view.recipient);
    await view.user.type(view.recipient, "alice");
    await recipientSays(view.recipient, ALICE_FREE);
    expect(view.amount).toHaveValue("0.00746");
    expect(screen.getByText("Free inside the bank")).toBeVisible();

    await view.user.type(view.amount, "1");
    expect(max).toHaveAttribute("aria-pressed", "false");
    await view.user.clear(view.recipient);
    await view.user.type(view.recipient, outsideAddress);
    await recipientSays(view.recipient, OUTSIDE_FEE);
    expect(view.amount).toHaveValue("0.007461");
  });

  it("a customer's deposit address is free: Max fills the whole balance once the server says so", async () => {
    const view = await renderSend({
      "POST /api/wallet/send/recipient": () => ({
        kind: "transfer",
        payee: { username: "alice", name: "Alice Example" },
        address: outsideAddress,
        feeSats: "0",
      }),
    });
    await view.user.type(view.recipient, outsideAddress);
    await recipientSays(view.recipient, ALICE_FREE);
    await view.user.click(screen.getByRole("button", { name: "Max" }));
    expect(view.amount).toHaveValue("0.00746");
    expect(screen.queryByText(/network fee comes out of your balance/)).not.toBeInTheDocument();
  });

  it("says a recipient the server does not know as soon as the customer pauses, without marking it", async () => {
    const view = await renderSend();
    await view.user.type(view.recipient, "nobody");
    await recipientSays(view.recipient, "No customer has that username or deposit address");
    expect(view.recipient).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByLabelText("Fee and total")).not.toBeInTheDocument();
  });

  it("to an address, refuses more than the balance less the fee, naming the fee; a username then settles it", async () => {
    const view = await renderSend({ "POST /api/wallet/send/quote": withdrawalQuote });
    await view.user.type(view.recipient, outsideAddress);
    await view.user.type(view.amount, "0.00746");
    await view.user.click(view.submit);
    const text = "You can only send up to 0.00745000 BTC (after the 0.00001000 BTC network fee)";
    await expectErrorToast("Insufficient funds", text);
    expect(view.amount).toHaveAttribute("aria-invalid", "true");
    expect(view.amount).toHaveFocus();
    expect(requestsTo(view.fetchMock, "POST /api/wallet/send/quote")).toEqual([]);

    // The same amount can go to a customer: changing the recipient clears the amount's problem.
    await view.user.clear(view.recipient);
    await view.user.type(view.recipient, "alice");
    await waitFor(() => expect(toastWith(text)).not.toBeInTheDocument());
    expect(view.amount).not.toHaveAttribute("aria-invalid");
  });

  it("a problem's toast and mark stay while the field is still wrong and go once it is right", async () => {
    const view = await renderSend();
    await view.user.type(view.recipient, "alice");
    await view.user.click(view.submit);
    await expectErrorToast("Invalid amount", "Please enter a valid amount");

    await view.user.type(view.amount, "0.00");
    expect(toastWith("Please enter a valid amount")).toBeInTheDocument();
    expect(view.amount).toHaveAttribute("aria-invalid", "true");
    await view.user.type(view.amount, "1");
    await waitFor(() => expect(toastWith("Please enter a valid amount")).not.toBeInTheDocument());
    expect(view.amount).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByText("Please enter a valid amount")).not.toBeInTheDocument();

    await view.user.clear(view.amount);
    await view.user.type(view.amount, "0.0075");
    await view.user.click(view.submit);
    await expectErrorToast("Insufficient funds", "You can only send up to 0.00746000 BTC");
    // Editing another field leaves the amount's problem alone.
    await view.user.type(view.note, "Lunch");
    expect(toastWith("You can only send up to 0.00746000 BTC")).toBeInTheDocument();
    await view.user.click(screen.getByRole("button", { name: "Max" }));
    await waitFor(() => expect(toastWith("You can only send up to 0.00746000 BTC")).not.toBeInTheDocument());
    expect(view.amount).not.toHaveAttribute("aria-invalid");
  });

  it("shows one problem toast at a time, and the review opens with none left over it", async () => {
    let quotes = 0;
    const view = await renderSend({
      "POST /api/wallet/send/quote": (request) => {
        quotes += 1;
        return quotes === 1 ? apiError(503, "INTERNAL", "Service unavailable") : customerQuote(request);
      },
    });
    const required = "Please enter a recipient address or username";
    await view.user.click(view.submit);
    await expectErrorToast("Recipient required", required);
    await view.user.click(view.submit);
    await waitFor(() =>
      expect(
        screen.getAllByText(required, { selector: "[data-sonner-toast] [data-description]" }),
      ).toHaveLength(1),
    );

    await view.user.type(view.recipient, "alice");
    await view.user.type(view.amount, "0.001");
    await view.user.click(view.submit);
    await expectErrorToast("Send failed", "Service unavailable");

    await view.user.click(view.submit);
    expect(await screen.findByRole("dialog", { name: "Review Transaction" })).toBeInTheDocument();
    await waitFor(() => expect(toastWith("Service unavailable")).not.toBeInTheDocument());
  });

  it("reads a decimal comma as the decimal separator: 0,0005 is 0.0005 BTC, never 5 BTC", async () => {
    const view = await renderSend({ "POST /api/wallet/send/quote": customerQuote });
    await view.user.type(view.recipient, "alice");
    await view.user.type(view.amount, "0,0005");
    expect(view.amount).toHaveValue("0,0005");
    expect(view.amount).not.toHaveAttribute("aria-invalid");
    expect(screen.getByText("≈ $21.19")).toBeVisible();
    await view.user.click(view.submit);
    const dialog = await screen.findByRole("dialog", { name: "Review Transaction" });
    expect(requestsTo(view.fetchMock, "POST /api/wallet/send/quote")).toEqual([
      { recipient: "alice", amountSats: "50000" },
    ]);
    expect(within(dialog).getByText("Amount").nextElementSibling).toHaveTextContent(
      "0.00050000 BTC50,000 sats · ≈ $21.19",
    );
  });

  it("keeps every character typed and says at once what is ambiguous or too precise", async () => {
    const view = await renderSend({ "POST /api/wallet/send/quote": customerQuote });
    await view.user.type(view.recipient, "alice");
    const cases = [
      ["1,000.5", "Use one decimal separator and no thousands separators"],
      ["1.000,5", "Use one decimal separator and no thousands separators"],
      ["1,000", '"1,000" could mean 1.000 or 1000: leave out thousands separators'],
      ["0.001234567", "BTC has at most 8 decimals"],
    ] as const;
    for (const [typed, text] of cases) {
      await view.user.clear(view.amount);
      await view.user.type(view.amount, typed);
      expect(view.amount, typed).toHaveValue(typed);
      expect(view.amount, typed).toHaveAttribute("aria-invalid", "true");
      expect(view.amount, typed).toHaveAccessibleDescription(expect.stringContaining(text));
    }
    // Continue says it too, as the amount's problem, and asks nothing of the server.
    await view.user.click(view.submit);
    await expectErrorToast("Invalid amount", "BTC has at most 8 decimals");
    expect(view.amount).toHaveFocus();
    expect(requestsTo(view.fetchMock, "POST /api/wallet/send/quote")).toEqual([]);
    // Fixed, the mark and the toast go.
    await view.user.type(view.amount, "{Backspace}");
    expect(view.amount).toHaveValue("0.00123456");
    await waitFor(() => expect(toastWith("BTC has at most 8 decimals")).not.toBeInTheDocument());
    expect(view.amount).not.toHaveAttribute("aria-invalid");
  });

  it("refuses letters, signs and spaces, typed or pasted, and says so instead of dropping them silently", async () => {
    const view = await renderSend();
    const said = "Type digits and one decimal separator (. or ,) only";
    await view.user.type(view.amount, "1x");
    expect(view.amount).toHaveValue("1");
    expect(view.amount).toHaveAccessibleDescription(expect.stringContaining(said));
    await view.user.type(view.amount, "5");
    expect(view.amount).toHaveValue("15");
    expect(screen.queryByText(said)).not.toBeInTheDocument();

    await view.user.clear(view.amount);
    await view.user.paste("1e-5");
    expect(view.amount).toHaveValue("");
    expect(screen.getByText(said)).toBeVisible();
    await view.user.paste("0.5");
    expect(view.amount).toHaveValue("0.5");
    expect(screen.queryByText(said)).not.toBeInTheDocument();
  });

  it("switches the amount between BTC, sats and USD, keeping the same satoshis", async () => {
    const view = await renderSend({ "POST /api/wallet/send/quote": customerQuote });
    await view.user.type(view.recipient, "alice");
    await view.user.type(view.amount, "0.001");
    const units = screen.getByRole("radiogroup", { name: "Amount unit" });
    expect(within(units).getByRole("radio", { name: "BTC" })).toBeChecked();

    await view.user.click(within(units).getByRole("radio", { name: "sats" }));
    const sats = screen.getByLabelText("Amount (sats)");
    expect(sats).toHaveValue("100000");
    expect(sats).toHaveAttribute("inputmode", "numeric");
    await view.user.type(sats, ".5");
    expect(sats).toHaveAccessibleDescription(
      expect.stringContaining("Sats are whole numbers: type them without a separator"),
    );
    await view.user.clear(sats);
    await view.user.type(sats, "100000");

    await view.user.click(within(units).getByRole("radio", { name: "USD" }));
    const usd = screen.getByLabelText("Amount (USD)");
    expect(usd).toHaveValue("42.38");
    // The dollars shown are rounded down; the satoshis behind them stay exact.
    expect(screen.getByText("≈ 0.00100000 BTC")).toBeVisible();
    await view.user.click(within(units).getByRole("radio", { name: "BTC" }));
    expect(screen.getByLabelText("Amount (BTC)")).toHaveValue("0.001");
  });

  it("a USD amount buys whole satoshis, rounded down, shown live; the review shows the exact sats", async () => {
    const view = await renderSend({ "POST /api/wallet/send/quote": customerQuote });
    await view.user.type(view.recipient, "alice");
    await view.user.click(screen.getByRole("radio", { name: "USD" }));
    const usd = screen.getByLabelText("Amount (USD)");
    await view.user.type(usd, "10");
    // $10 at $42,389.57 is 23,590.7 sat: 23,590.
    expect(screen.getByText("≈ 0.00023590 BTC")).toBeVisible();
    await view.user.type(usd, ".123");
    expect(usd).toHaveAccessibleDescription(expect.stringContaining("US dollars have at most 2 decimals"));
    await view.user.type(usd, "{Backspace}");
    await view.user.click(view.submit);
    const dialog = await screen.findByRole("dialog", { name: "Review Transaction" });
    // $10.12 is 23,873.8 sat: 23,873.
    expect(requestsTo(view.fetchMock, "POST /api/wallet/send/quote")).toEqual([
      { recipient: "alice", amountSats: "23873" },
    ]);
    expect(within(dialog).getByText("Amount").nextElementSibling).toHaveTextContent(
      "0.00023873 BTC23,873 sats · ≈ $10.12",
    );
    expect(within(dialog).getByText("Total").nextElementSibling).toHaveTextContent("0.00023873 BTC≈ $10.12");
  });

  it("Max in USD sends the exact balance less the fee, not the rounded dollars", async () => {
    const view = await renderSend({ "POST /api/wallet/send/quote": withdrawalQuote });
    await view.user.type(view.recipient, outsideAddress);
    await recipientSays(view.recipient, OUTSIDE_FEE);
    await view.user.click(screen.getByRole("radio", { name: "USD" }));
    await view.user.click(screen.getByRole("button", { name: "Max" }));
    expect(screen.getByLabelText("Amount (USD)")).toHaveValue("315.80");
    expect(screen.getByText("≈ 0.00745000 BTC")).toBeVisible();
    await view.user.click(view.submit);
    await screen.findByRole("dialog", { name: "Review Transaction" });
    expect(requestsTo(view.fetchMock, "POST /api/wallet/send/quote")).toEqual([
      { recipient: outsideAddress, amountSats: "745000" },
    ]);
  });

  it("shows the server's quote refusals as destructive toasts", async () => {
    let answer = apiError(
      400,
      "VALIDATION_ERROR",
      "Invalid request",
      { recipient: "No customer has that username or deposit address" },
      "unknownRecipient",
    );
    const view = await renderSend({ "POST /api/wallet/send/quote": () => answer.clone() });
    await view.user.type(view.recipient, "nobody");
    await view.user.type(view.amount, "0.001");
    await view.user.click(view.submit);
    await expectErrorToast("Recipient not found", "No customer has that username or deposit address");
    expect(view.recipient).toHaveAttribute("aria-invalid", "true");
    expect(requestsTo(view.fetchMock, "POST /api/wallet/send/quote")).toEqual([
      { recipient: "nobody", amountSats: "100000" },
    ]);

    answer = apiError(
      400,
      "VALIDATION_ERROR",
      "Invalid request",
      { amount: "You can only send up to 0.0005 BTC" },
      "insufficientFunds",
    );
    await view.user.click(view.submit);
    await expectErrorToast("Insufficient funds", "You can only send up to 0.0005 BTC");

    answer = apiError(
      403,
      "FORBIDDEN",
      "Verify your identity and address before sending Bitcoin",
      undefined,
      "notVerified",
    );
    await view.user.click(view.submit);
    await expectErrorToast(
      "Verification required",
      "Verify your identity and address before sending Bitcoin",
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("a withdrawal below its address's dust limit: the toast says that address's limit, on the amount", async () => {
    const text = belowDustText(294n);
    const view = await renderSend({
      "POST /api/wallet/send/quote": () =>
        apiError(400, "VALIDATION_ERROR", "Invalid request", { amount: text }, "belowDust"),
    });
    await view.user.type(view.recipient, outsideAddress);
    await view.user.type(view.amount, "0.00000293");
    await view.user.click(view.submit);
    await expectErrorToast(
      "Invalid amount",
      "The smallest amount you can send to this address is 0.00000294 BTC",
    );
    expect(view.amount).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("refuses a note holding an unpaired surrogate with the plain-text rule's message, before any quote", async () => {
    const view = await renderSend({ "POST /api/wallet/send/quote": customerQuote });
    await view.user.type(view.recipient, "alice");
    await view.user.type(view.amount, "0.001");
    await view.user.click(view.note);
    await view.user.paste("lunch \ud83d");
    await view.user.click(view.submit);
    await expectErrorToast("Invalid note", textMessages.unpairedSurrogate);
    expect(view.note).toHaveAttribute("aria-invalid", "true");
    expect(requestsTo(view.fetchMock, "POST /api/wallet/send/quote")).toEqual([]);
  });

  it("a send to the bank's own address is refused on the recipient, titled by its reason", async () => {
    const text =
      "This address belongs to the bank itself: send to a customer's username or an address outside the bank.";
    const view = await renderSend({
      "POST /api/wallet/send/quote": () =>
        apiError(400, "VALIDATION_ERROR", "Invalid request", { recipient: text }, "ownAddress"),
    });
    await view.user.type(view.recipient, outsideAddress);
    await view.user.type(view.amount, "0.001");
    await view.user.click(view.submit);
    await expectErrorToast("Address not allowed", text);
    expect(view.recipient).toHaveAttribute("aria-invalid", "true");
    expect(view.recipient).toHaveFocus();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("withdrawals paused (503 with its reason) is said in the customer's words, not as a failure", async () => {
    const text =
      "Withdrawals are paused while the bank checks its books. Your money is safe; please try again later.";
    const paused = () => apiError(503, "SERVICE_UNAVAILABLE", text, undefined, "withdrawalsPaused");
    let quoteAnswer: StubHandler = paused;
    const view = await renderSend({
      "POST /api/wallet/send/quote": (request) => quoteAnswer(request),
      "POST /api/wallet/send": paused,
    });
    await view.user.type(view.recipient, outsideAddress);
    await view.user.type(view.amount, "0.001");
    await view.user.click(view.submit);
    await expectErrorToast("Withdrawals paused", text);
    expect(view.recipient).not.toHaveAttribute("aria-invalid");
    expect(view.amount).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByText("Send failed")).not.toBeInTheDocument();

    // Paused between the quote and the send: the review closes, back to the form.
    quoteAnswer = withdrawalQuote;
    await view.user.click(view.submit);
    const dialog = await screen.findByRole("dialog", { name: "Review Transaction" });
    await view.user.click(within(dialog).getByRole("button", { name: "Confirm & Send" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getAllByText(text, { selector: "[data-description]" }).length).toBeGreaterThan(0);
    expect(requestsTo(view.fetchMock, "POST /api/wallet/send")).toHaveLength(1);
  });

  it("the review dialog shows recipient, amount, network fee, total and note with 8 decimals", async () => {
    const view = await renderSend({ "POST /api/wallet/send/quote": customerQuote });
    const dialog = await openReview(view, "0.001", "Lunch money");
    expect(within(dialog).getByText("Alice Example")).toBeInTheDocument();
    expect(within(dialog).getByText("alice")).toBeInTheDocument();
    const figure = (label: string) => within(dialog).getByText(label).nextElementSibling;
    expect(figure("Amount")).toHaveTextContent("0.00100000 BTC");
    expect(figure("Network fee")).toHaveTextContent("0.00000000 BTC");
    expect(figure("Total")).toHaveTextContent("0.00100000 BTC");
    expect(figure("Note")).toHaveTextContent("Lunch money");
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Confirm & Send" })).toBeInTheDocument();
  });

  it("the review of a withdrawal shows the address in full, the network fee, the total and that it will be pending", async () => {
    const view = await renderSend({ "POST /api/wallet/send/quote": withdrawalQuote });
    await view.user.type(view.recipient, outsideAddress);
    await view.user.type(view.amount, "0.001");
    await view.user.click(view.submit);
    const dialog = await screen.findByRole("dialog", { name: "Review Transaction" });
    const figure = (label: string) => within(dialog).getByText(label).nextElementSibling;
    expect(figure("To")).toHaveTextContent(`Bitcoin address ${outsideAddress}`);
    expect(within(dialog).getByText(outsideAddress)).toHaveClass("font-mono", "break-all", "select-all");
    expect(figure("Amount")).toHaveTextContent("0.00100000 BTC");
    expect(figure("Network fee")).toHaveTextContent("0.00001000 BTC");
    expect(figure("Total")).toHaveTextContent("0.00101000 BTC");
    expect(dialog).toHaveTextContent(
      "Sent on the Bitcoin network: it shows as pending until it is confirmed.",
    );
    expect(requestsTo(view.fetchMock, "POST /api/wallet/send/quote")).toEqual([
      { recipient: outsideAddress, amountSats: "100000" },
    ]);
  });

  it("the review of a transfer to a customer's deposit address names them and shows the address", async () => {
    const view = await renderSend({
      "POST /api/wallet/send/quote": (request) => ({
        ...(customerQuote(request) as object),
        address: outsideAddress,
      }),
    });
    await view.user.type(view.recipient, outsideAddress);
    await view.user.type(view.amount, "0.001");
    await view.user.click(view.submit);
    const dialog = await screen.findByRole("dialog", { name: "Review Transaction" });
    const to = within(dialog).getByText("To").nextElementSibling as HTMLElement;
    expect(within(to).getByText("Alice Example")).toBeInTheDocument();
    expect(within(to).getByText("alice")).toBeInTheDocument();
    expect(to).toHaveTextContent(`Bitcoin address ${outsideAddress}`);
    expect(within(to).getByText(outsideAddress)).toHaveClass("font-mono");
    expect(within(dialog).getByText("Network fee").nextElementSibling).toHaveTextContent("0.00000000 BTC");
    expect(dialog).not.toHaveTextContent("Sent on the Bitcoin network");
  });

  it("keeps the idempotency key across retries of one dialog and makes a new one for the next", async () => {
    let sends = 0;
    const view = await renderSend({
      "POST /api/wallet/send/quote": customerQuote,
      "POST /api/wallet/send": () => {
        sends += 1;
        return sends < 3
          ? apiError(500, "INTERNAL", "Internal server error")
          : Response.json(sent, { status: 201 });
      },
    });
    const first = await openReview(view);
    const confirm = within(first).getByRole("button", { name: "Confirm & Send" });
    await view.user.click(confirm);
    await expectErrorToast("Send failed", "Internal server error");
    // A server fault may be passing: the dialog stays, and trying again is safe with the same key.
    await waitFor(() => expect(confirm).toBeEnabled());
    await view.user.click(confirm);
    await waitFor(() => expect(requestsTo(view.fetchMock, "POST /api/wallet/send")).toHaveLength(2));
    await waitFor(() => expect(confirm).toBeEnabled());
    await view.user.click(within(first).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await view.user.click(view.submit);
    const second = await screen.findByRole("dialog", { name: "Review Transaction" });
    await view.user.click(within(second).getByRole("button", { name: "Confirm & Send" }));
    expect(await screen.findByText("Bitcoin sent successfully")).toBeInTheDocument();

    const keys = requestsTo(view.fetchMock, "POST /api/wallet/send").map(
      (body) => (body as { idempotencyKey: string }).idempotencyKey,
    );
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("while sending shows progress; on success says so, refreshes wallet and history, goes to the dashboard", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const view = await renderSend({
      "POST /api/wallet/send/quote": customerQuote,
      "POST /api/wallet/send": async () => {
        await gate;
        return Response.json(sent, { status: 201 });
      },
    });
    const invalidate = vi.spyOn(view.queryClient, "invalidateQueries");
    const dialog = await openReview(view, "0.001", "Lunch");
    await view.user.click(within(dialog).getByRole("button", { name: "Confirm & Send" }));
    expect(await within(dialog).findByRole("button", { name: "Sending..." })).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeDisabled();
    release();

    expect(await screen.findByText("Bitcoin sent successfully")).toBeInTheDocument();
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/dashboard$/);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["wallet"] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["transactions"] });
    const [body] = requestsTo(view.fetchMock, "POST /api/wallet/send");
    expect(body).toEqual({
      recipient: "alice",
      amountSats: "100000",
      note: "Lunch",
      idempotencyKey: expect.any(String),
    });
  });

  it("a refused send says why and returns to the form", async () => {
    const view = await renderSend({
      "POST /api/wallet/send/quote": customerQuote,
      "POST /api/wallet/send": () =>
        apiError(
          400,
          "VALIDATION_ERROR",
          "Invalid request",
          { amount: "You can only send up to 0.0005 BTC" },
          "insufficientFunds",
        ),
    });
    const dialog = await openReview(view);
    await view.user.click(within(dialog).getByRole("button", { name: "Confirm & Send" }));
    await expectErrorToast("Insufficient funds", "You can only send up to 0.0005 BTC");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
  });

  it("shows what is left of today's limit; Max and the form hold to it, Insufficient funds before the limit", async () => {
    // 0.005 BTC left today of the 0.00746 BTC balance.
    const limited: WalletSummary = {
      ...walletSummary,
      sendLimit: { level: 1, dailyLimitSats: "10000000", sentSats: "9500000", remainingSats: "500000" },
    };
    const view = await renderSend({ "POST /api/wallet/send/quote": customerQuote }, limited);
    expect(screen.getByText("Left today: 0.00500000 BTC")).toBeVisible();
    expect(view.amount).toHaveAccessibleDescription(
      "≈ $0.00 Available: 0.00746000 BTC Left today: 0.00500000 BTC",
    );
    await view.user.type(view.recipient, "alice");
    await view.user.click(screen.getByRole("button", { name: "Max" }));
    expect(view.amount).toHaveValue("0.005");

    await view.user.clear(view.amount);
    await view.user.type(view.amount, "0.006");
    await view.user.click(view.submit);
    await expectErrorToast("Daily limit reached", "You can send up to 0.00500000 BTC more today");
    expect(view.amount).toHaveAttribute("aria-invalid", "true");
    expect(view.amount).toHaveFocus();

    // Above the balance as well: the balance is said first.
    await view.user.clear(view.amount);
    await view.user.type(view.amount, "0.008");
    await view.user.click(view.submit);
    await expectErrorToast("Insufficient funds", "You can only send up to 0.00746000 BTC");
    expect(requestsTo(view.fetchMock, "POST /api/wallet/send/quote")).toEqual([]);

    // Within both, the review opens.
    await view.user.clear(view.amount);
    await view.user.type(view.amount, "0.005");
    await view.user.click(view.submit);
    expect(await screen.findByRole("dialog", { name: "Review Transaction" })).toBeInTheDocument();
  });

  it("says the server's daily limit refusal with its title", async () => {
    const view = await renderSend({
      "POST /api/wallet/send/quote": () =>
        apiError(
          400,
          "VALIDATION_ERROR",
          "Invalid request",
          { amount: "You can send up to 0.0001 BTC more today" },
          "dailyLimit",
        ),
    });
    await view.user.type(view.recipient, "alice");
    await view.user.type(view.amount, "0.001");
    await view.user.click(view.submit);
    await expectErrorToast("Daily limit reached", "You can send up to 0.0001 BTC more today");
    expect(view.amount).toHaveAttribute("aria-invalid", "true");
  });

  it("an unverified customer sees why sending is off and where to verify", async () => {
    const view = await renderSend({}, { ...walletSummary, canSend: false, sendLimit: null });
    // No limit at level 0: no "Left today".
    expect(screen.queryByText(/^Left today/)).not.toBeInTheDocument();
    const notice = screen.getByRole("status");
    expect(notice).toHaveTextContent("Verify your identity and address before sending Bitcoin");
    expect(within(notice).getByRole("link", { name: "Start Verification" })).toHaveAttribute(
      "href",
      "/auth/kyc/intro",
    );
    expect(view.submit).toBeDisabled();
  });
});
