import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { customer, receiveInfo } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { stubApi } from "@/test/stub-api";

const { address } = receiveInfo;

async function renderReceive() {
  stubApi({ user: customer, routes: { "GET /api/wallet/receive": () => receiveInfo } });
  renderRoute("/wallet/receive");
  const amount = await screen.findByLabelText("Amount (BTC, optional)");
  const label = screen.getByLabelText("Label (optional)");
  return { amount, label, user: userEvent.setup() };
}

/** The QR code once drawn (an <img>), by its name. */
function qrCode(name: string) {
  return waitFor(() => {
    const image = screen.getByRole("img", { name });
    expect(image.tagName).toBe("IMG");
    return image;
  });
}

describe("a payment request on the receive screen", () => {
  it("makes the QR code a BIP-21 URI with the amount in BTC and the label, shown as text with Copy", async () => {
    const { amount, label, user } = await renderReceive();
    expect(await qrCode("QR code of your Bitcoin address")).toHaveAccessibleDescription(address);
    // A decimal comma is read as the decimal separator: 0,0005 BTC is 50,000 sat.
    await user.type(amount, "0,0005");
    await user.type(label, "Dinner & drinks");
    const uri = `bitcoin:${address}?amount=0.0005&label=Dinner%20%26%20drinks`;
    expect(await qrCode("QR code of your payment request")).toHaveAccessibleDescription(uri);
    expect(screen.getByText(uri)).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Copy payment request" }));
    expect(await navigator.clipboard.readText()).toBe(uri);
    expect(await screen.findByText("Payment request copied")).toBeInTheDocument();
  });

  it("offers a link that opens another customer's Send screen filled in", async () => {
    const { amount, label, user } = await renderReceive();
    expect(screen.queryByRole("button", { name: "Copy link" })).not.toBeInTheDocument();
    await user.type(amount, "0.0005");
    await user.type(label, "Dinner");
    const link = "http://localhost:3000/wallet/send?to=ada&amount=50000&note=Dinner".replace(
      "http://localhost:3000",
      window.location.origin,
    );
    expect(screen.getByText("Link for another Satsbank customer")).toBeVisible();
    expect(screen.getByText(link)).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(await navigator.clipboard.readText()).toBe(link);
  });

  it("says what is wrong with the amount, and leaves it out of the QR code until it is right", async () => {
    const { amount, user } = await renderReceive();
    await user.type(amount, "0.000000001");
    expect(amount).toHaveAccessibleDescription("BTC has at most 8 decimals");
    expect(await qrCode("QR code of your Bitcoin address")).toHaveAccessibleDescription(address);
    await user.clear(amount);
    await user.type(amount, "0.00000001");
    expect(amount).not.toHaveAttribute("aria-invalid");
    expect(await qrCode("QR code of your payment request")).toHaveAccessibleDescription(
      `bitcoin:${address}?amount=0.00000001`,
    );
    await user.type(amount, "x");
    expect(amount).toHaveValue("0.00000001");
    expect(amount).toHaveAccessibleDescription("Type digits and one decimal separator (. or ,) only");
  });

  it("goes back to the address alone when the amount and the label are cleared", async () => {
    const { amount, user } = await renderReceive();
    await user.type(amount, "1");
    expect(await qrCode("QR code of your payment request")).toHaveAccessibleDescription(
      `bitcoin:${address}?amount=1`,
    );
    await user.clear(amount);
    expect(await qrCode("QR code of your Bitcoin address")).toHaveAccessibleDescription(address);
    expect(screen.queryByText("Payment request")).not.toBeInTheDocument();
  });
});
