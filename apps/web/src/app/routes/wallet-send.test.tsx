import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { customer, walletSummary } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { requestsTo, stubApi } from "@/test/stub-api";

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
});
