import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { customer, receiveInfo } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { apiError, requestsTo, stubApi } from "@/test/stub-api";

const { address } = receiveInfo;

/** A toast by its title, and by its description when given. */
async function findToast(title: string, description?: string) {
  const toast = (await screen.findByText(title, { selector: "[data-sonner-toast] [data-title]" })).closest(
    "[data-sonner-toast]",
  );
  if (description !== undefined) expect(toast).toHaveTextContent(description);
  return toast;
}

function withShare(share: (data: ShareData) => Promise<void>) {
  Object.defineProperty(navigator, "share", { value: vi.fn(share), configurable: true });
  return navigator.share as ReturnType<typeof vi.fn>;
}

afterEach(() => {
  // jsdom has no Web Share API: a test that gives it one takes it back.
  Reflect.deleteProperty(navigator, "share");
});

function renderReceive() {
  const api = stubApi({ user: customer, routes: { "GET /api/wallet/receive": () => receiveInfo } });
  renderRoute("/wallet/receive");
  return api;
}

describe("receive screen", () => {
  it("shows the address as text and as a QR code, the username, the instructions, and Back", async () => {
    renderReceive();
    expect(await screen.findByRole("heading", { level: 1, name: "Receive Bitcoin" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/dashboard");
    expect(await screen.findByText(address)).toBeVisible();
    // While the code is drawn, a busy placeholder holds its place under the same name: wait for the picture.
    const qr = await waitFor(() => {
      const image = screen.getByRole("img", { name: "QR code of your Bitcoin address" });
      expect(image.tagName).toBe("IMG");
      return image;
    });
    expect(qr).toHaveAttribute("src", expect.stringMatching(/^data:image\/svg\+xml/));
    expect(qr).toHaveAccessibleDescription(address);
    expect(screen.getByText("ada")).toBeVisible();
    expect(screen.getByText(/can send to your username/)).toHaveTextContent(
      "Another Satsbank customer can send to your username, ada: it arrives at once, with no network fee.",
    );
    expect(screen.getByText("Transactions may take 10-60 minutes to confirm.")).toBeVisible();
    expect(screen.getByText("Regtest")).toBeVisible();
    expect(screen.getByRole("button", { name: "Copy Address" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Share" })).toBeEnabled();
  });

  it("Copy Address puts the address on the clipboard and says so", async () => {
    renderReceive();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Copy Address" }));
    await findToast("Address copied");
    expect(await navigator.clipboard.readText()).toBe(address);
  });

  it("Share opens the device's share sheet with the address, and copies nothing", async () => {
    renderReceive();
    const user = userEvent.setup();
    await navigator.clipboard.writeText("untouched");
    const share = withShare(async () => {});
    await user.click(await screen.findByRole("button", { name: "Share" }));
    expect(share).toHaveBeenCalledWith({ title: "My Bitcoin address", text: address });
    expect(await navigator.clipboard.readText()).toBe("untouched");
  });

  it("closing the share sheet does nothing more", async () => {
    renderReceive();
    const user = userEvent.setup();
    await navigator.clipboard.writeText("untouched");
    const share = withShare(() => Promise.reject(new DOMException("Share canceled", "AbortError")));
    await user.click(await screen.findByRole("button", { name: "Share" }));
    await waitFor(() => expect(share).toHaveBeenCalledOnce());
    expect(await navigator.clipboard.readText()).toBe("untouched");
    expect(screen.queryByText("Sharing not supported")).not.toBeInTheDocument();
  });

  it("without sharing, Share copies the address and says so in the specification's words", async () => {
    renderReceive();
    const user = userEvent.setup();
    expect("share" in navigator).toBe(false);
    await user.click(await screen.findByRole("button", { name: "Share" }));
    await findToast("Sharing not supported", "Address copied to clipboard instead");
    expect(await navigator.clipboard.readText()).toBe(address);
  });

  it("a refused share falls back to copying too", async () => {
    renderReceive();
    const user = userEvent.setup();
    withShare(() => Promise.reject(new DOMException("Permission denied", "NotAllowedError")));
    await user.click(await screen.findByRole("button", { name: "Share" }));
    await findToast("Sharing not supported", "Address copied to clipboard instead");
    expect(await navigator.clipboard.readText()).toBe(address);
  });

  it("copies the username for a transfer inside the bank", async () => {
    renderReceive();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Copy username" }));
    await findToast("Username copied");
    expect(await navigator.clipboard.readText()).toBe("ada");
  });

  it("says when the address could not be loaded, and Try again loads it", async () => {
    let failing = true;
    const api = stubApi({
      user: customer,
      routes: {
        "GET /api/wallet/receive": () =>
          failing ? apiError(500, "INTERNAL", "Internal error") : receiveInfo,
      },
    });
    renderRoute("/wallet/receive");
    expect(await screen.findByRole("alert")).toHaveTextContent("Your Bitcoin address could not be loaded.");
    const failed = requestsTo(api, "GET /api/wallet/receive").length;
    failing = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText(address)).toBeVisible();
    expect(requestsTo(api, "GET /api/wallet/receive")).toHaveLength(failed + 1);
  });
});
