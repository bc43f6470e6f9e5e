import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { customer, customerQuote, kycOverview, walletSummary, withdrawalQuote } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { apiError, requestsTo, stubApi } from "@/test/stub-api";

/** The toast whose description is `text` (the field's own message under it has the same words). */
function toast(text: string) {
  return screen.queryByText(text, { selector: "[data-sonner-toast] [data-description]" });
}

describe("send screen", () => {
  it("has the form and a Back link to the dashboard", async () => {
    stubApi({ user: customer, routes: { "GET /api/wallet": () => walletSummary } });
    renderRoute("/wallet/send");
    expect(await screen.findByRole("heading", { level: 1, name: "Send Bitcoin" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/dashboard");
    expect(await screen.findByLabelText("Recipient")).toBeInTheDocument();
    expect(screen.getByLabelText("Amount (BTC)")).toBeInTheDocument();
    expect(screen.getByLabelText("Note (optional)")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Max" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Continue" })).toBeEnabled();
  });

  it("shows no email notice once the address is confirmed", async () => {
    stubApi({ user: customer, routes: { "GET /api/wallet": () => walletSummary } });
    renderRoute("/wallet/send");
    expect(await screen.findByLabelText("Recipient")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Resend link" })).not.toBeInTheDocument();
  });

  it("until the email is confirmed, says so, keeps Continue off and resends the link", async () => {
    const sent =
      "We've sent a new link to ada@example.com. Open it within 24 hours to confirm your email address.";
    const api = stubApi({
      user: { ...customer, emailVerified: false },
      routes: {
        "GET /api/wallet": () => walletSummary,
        "POST /api/auth/verify-email/resend": () => Response.json({ message: sent }, { status: 202 }),
      },
    });
    renderRoute("/wallet/send");
    const notice = (await screen.findByText(/^Confirm your email address before sending Bitcoin/)).closest(
      "[role=status]",
    ) as HTMLElement;
    expect(notice).toHaveTextContent("We sent it to ada@example.com when you signed up.");
    expect(await screen.findByRole("button", { name: "Continue" })).toBeDisabled();

    await userEvent.click(within(notice).getByRole("button", { name: "Resend link" }));
    expect(await screen.findByText(sent)).toBeInTheDocument();
    expect(requestsTo(api, "POST /api/auth/verify-email/resend")).toEqual([{}]);
  });

  it("shows what can be sent and Max fills it; a problem's toast goes once its field is fixed or the review opens", async () => {
    let quotes = 0;
    stubApi({
      user: customer,
      routes: {
        "GET /api/wallet": () => ({ ...walletSummary, balanceSats: "900000", spendableSats: "746000" }),
        "POST /api/wallet/send/quote": (request) => {
          quotes += 1;
          // The first answer refuses the amount (the balance moved elsewhere); the same send then passes.
          if (quotes === 1) {
            const fields = { amount: "You can only send up to 0.0005 BTC" };
            return apiError(400, "VALIDATION_ERROR", "Invalid request", fields, "insufficientFunds");
          }
          return customerQuote(request);
        },
      },
    });
    const user = userEvent.setup();
    renderRoute("/wallet/send");
    const recipient = await screen.findByLabelText("Recipient");
    const amount = screen.getByLabelText("Amount (BTC)");
    const submit = screen.getByRole("button", { name: "Continue" });

    // The spendable amount (not the whole balance) is on the form and in the amount's description.
    expect(screen.getByText("Available: 0.00746000 BTC")).toBeVisible();
    expect(amount).toHaveAccessibleDescription(
      "≈ $0.00 Available: 0.00746000 BTC Left today: 0.09000000 BTC",
    );

    const required = "Please enter a recipient address or username";
    await user.click(submit);
    await waitFor(() => expect(toast(required)).toBeInTheDocument());
    expect(recipient).toHaveAttribute("aria-invalid", "true");
    expect(recipient).toHaveAccessibleDescription(required);

    await user.type(recipient, "alice");
    await waitFor(() => expect(toast(required)).not.toBeInTheDocument());
    expect(recipient).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByText(required)).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Max" }));
    expect(amount).toHaveValue("0.00746");

    const refused = "You can only send up to 0.0005 BTC";
    await user.click(submit);
    await waitFor(() => expect(toast(refused)).toBeInTheDocument());
    expect(amount).toHaveAttribute("aria-invalid", "true");

    // Unchanged, the same send now passes: the review opens with no toast over it and no field marked.
    await user.click(submit);
    const dialog = await screen.findByRole("dialog", { name: "Review Transaction" });
    expect(within(dialog).getByText("Amount").nextElementSibling).toHaveTextContent("0.00746000 BTC");
    await waitFor(() => expect(toast(refused)).not.toBeInTheDocument());
    expect(amount).not.toHaveAttribute("aria-invalid");
  });

  it("an unverified customer's notice leads back into the verification where it stopped", async () => {
    stubApi({
      user: customer,
      routes: {
        "GET /api/wallet": () => ({ ...walletSummary, canSend: false, sendLimit: null }),
        "GET /api/kyc": () => kycOverview({ resume: "address" }),
      },
    });
    renderRoute("/wallet/send");
    const link = await screen.findByRole("link", { name: "Continue Verification" });
    expect(link).toHaveAttribute("href", "/auth/kyc/address");
    expect(screen.getByRole("button", { name: "Continue" })).toBeDisabled();
  });

  it("a verified customer's screen does not ask for the verification", async () => {
    const api = stubApi({ user: customer, routes: { "GET /api/wallet": () => walletSummary } });
    renderRoute("/wallet/send");
    expect(await screen.findByLabelText("Recipient")).toBeInTheDocument();
    expect(screen.getByText("Left today: 0.09000000 BTC")).toBeVisible();
    expect(requestsTo(api, "GET /api/kyc")).toEqual([]);
  });
  it("offers the connected wallet as a one-tap recipient: a normal send to its address", async () => {
    const own = "bcrt1q9vza2e8x573nczrlzms0wvx3gsqjx7vay85cr9";
    const api = stubApi({
      user: customer,
      routes: {
        "GET /api/wallet": () => walletSummary,
        "GET /api/external-wallets": () => ({
          wallet: { provider: "unisat", address: own, connectedAt: "2030-01-15T12:00:00.000Z" },
        }),
        "POST /api/wallet/send/quote": withdrawalQuote,
      },
    });
    renderRoute("/wallet/send");
    const user = userEvent.setup();
    const recipient = await screen.findByLabelText("Recipient");
    await user.click(await screen.findByRole("button", { name: "Send to my UniSat Wallet" }));
    expect(recipient).toHaveValue(own);
    // An address: "Available" stays the balance, and the form says that less of it can go there.
    expect(screen.getByText("Available: 0.00746000 BTC")).toBeVisible();
    expect(
      screen.getByText(
        "Up to 0.00745000 BTC to this address: the 0.00001000 BTC network fee comes out of your balance too.",
      ),
    ).toBeVisible();
    await user.type(screen.getByLabelText("Amount (BTC)"), "0.001");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("dialog", { name: "Review Transaction" })).toBeInTheDocument();
    expect(requestsTo(api, "POST /api/wallet/send/quote")).toEqual([
      { recipient: own, amountSats: "100000" },
    ]);
  });

  it("offers no such recipient without a connected wallet", async () => {
    stubApi({
      user: customer,
      routes: {
        "GET /api/wallet": () => walletSummary,
        "GET /api/external-wallets": () => ({ wallet: null }),
      },
    });
    renderRoute("/wallet/send");
    expect(await screen.findByLabelText("Recipient")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Send to my/ })).not.toBeInTheDocument();
  });
});
