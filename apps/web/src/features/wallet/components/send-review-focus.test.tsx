import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { customerQuote, walletSummary } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { stubApi } from "@/test/stub-api";
import { SendBitcoin } from "./send-bitcoin";

/** The send form filled for alice, Continue pressed: the review is open. */
async function openReview() {
  stubApi({
    routes: { "GET /api/wallet": () => walletSummary, "POST /api/wallet/send/quote": customerQuote },
  });
  const view = renderWithProviders(<SendBitcoin />, { path: "/wallet/send" });
  await view.user.type(await screen.findByLabelText("Recipient"), "alice");
  await view.user.type(screen.getByLabelText("Amount (BTC)"), "0.001");
  const submit = screen.getByRole("button", { name: "Continue" });
  await view.user.click(submit);
  const dialog = await screen.findByRole("dialog", { name: "Review Transaction" });
  return { ...view, dialog, submit };
}

describe("send review: focus", () => {
  it("Escape closes the review and gives the focus back to Continue, not to the page's start", async () => {
    const { user, submit } = await openReview();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(submit).toHaveFocus();
  });

  it("the corner Close button does the same", async () => {
    const { user, dialog, submit } = await openReview();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(submit).toHaveFocus();
  });

  it("Cancel does the same", async () => {
    const { user, dialog, submit } = await openReview();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(submit).toHaveFocus();
  });

  it("tabs through Cancel, then Confirm & Send, in the order they are laid out (no reversed footer)", async () => {
    const { user, dialog } = await openReview();
    const cancel = within(dialog).getByRole("button", { name: "Cancel" });
    const confirm = within(dialog).getByRole("button", { name: "Confirm & Send" });
    // The first focus is the harmless choice: an Enter carried over from Continue never sends.
    await waitFor(() => expect(cancel).toHaveFocus());
    await user.tab();
    expect(confirm).toHaveFocus();
    // The footer lays its buttons out in the DOM's order at every width: top to bottom on a phone, left to
    // right from 640px. A reversed direction would show Confirm above Cancel while Tab reaches Cancel first.
    const footer = cancel.parentElement as HTMLElement;
    expect(footer.className).not.toMatch(/reverse/);
    expect(footer.className).toMatch(/\bflex-col\b/);
  });
});
