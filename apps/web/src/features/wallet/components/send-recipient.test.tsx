import { paymentRequestMessages } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { customerQuote, walletSummary, withdrawalQuote } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { apiError, requestsTo, type StubHandler, stubApi } from "@/test/stub-api";
import { SendBitcoin } from "./send-bitcoin";

/** An outside address (the fixtures' withdrawal quote prices a send to it with the 1000 sat fee). */
const OUTSIDE = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";

const lookUpRecipient: StubHandler = ({ body }) => {
  const { recipient } = body as { recipient: string };
  if (recipient === "alice")
    return {
      kind: "transfer",
      payee: { username: "alice", name: "Alice Example" },
      address: null,
      feeSats: "0",
    };
  if (recipient === OUTSIDE) return { kind: "withdrawal", payee: null, address: OUTSIDE, feeSats: "1000" };
  const text = "No customer has that username or deposit address";
  return apiError(400, "VALIDATION_ERROR", text, { recipient: text }, "unknownRecipient");
};

const recentPayees = {
  payees: [
    { username: "alice", name: "Alice Example" },
    { username: "bob", name: "Bob Builder" },
  ],
};

async function renderSend(routes: Record<string, StubHandler> = {}) {
  const fetchMock = stubApi({
    routes: {
      "GET /api/wallet": () => walletSummary,
      "POST /api/wallet/send/recipient": lookUpRecipient,
      "POST /api/wallet/send/quote": ({ body, ...rest }) =>
        (body as { recipient: string }).recipient === OUTSIDE
          ? withdrawalQuote({ body, ...rest })
          : customerQuote({ body, ...rest }),
      "GET /api/wallet/payees/recent": () => recentPayees,
      ...routes,
    },
  });
  const view = renderWithProviders(<SendBitcoin />, { path: "/wallet/send" });
  const recipient = await screen.findByLabelText("Recipient");
  const amount = screen.getByLabelText("Amount (BTC)");
  return { ...view, fetchMock, recipient, amount, submit: screen.getByRole("button", { name: "Continue" }) };
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, "BarcodeDetector");
  Reflect.deleteProperty(navigator, "mediaDevices");
});

describe("the recipient field: paste", () => {
  it("Paste reads a payment request from the clipboard: the address and the amount are filled in", async () => {
    const view = await renderSend();
    await navigator.clipboard.writeText(`BITCOIN:${OUTSIDE}?amount=0.0005&label=Rent&message=March`);
    await view.user.click(screen.getByRole("button", { name: "Paste" }));
    expect(view.recipient).toHaveValue(OUTSIDE);
    // The amount is a controlled field: it shows at the next render.
    await waitFor(() => expect(view.amount).toHaveValue("0.0005"));
    expect(
      screen.getByText(
        "Payment request read: the address and the amount are filled in. Label: Rent. Message: March.",
      ),
    ).toBeVisible();
    // Nothing is sent: Continue asks the quote, and the review still asks to confirm.
    expect(requestsTo(view.fetchMock, "POST /api/wallet/send/quote")).toEqual([]);
    await view.user.click(view.submit);
    expect(await screen.findByRole("dialog", { name: "Review Transaction" })).toBeInTheDocument();
    expect(requestsTo(view.fetchMock, "POST /api/wallet/send/quote")).toEqual([
      { recipient: OUTSIDE, amountSats: "50000" },
    ]);
    expect(requestsTo(view.fetchMock, "POST /api/wallet/send")).toEqual([]);
  });

  it("Paste puts a username or an address in as it is, and the payee's name shows", async () => {
    const view = await renderSend();
    await navigator.clipboard.writeText("alice");
    await view.user.click(screen.getByRole("button", { name: "Paste" }));
    expect(view.recipient).toHaveValue("alice");
    expect(view.amount).toHaveValue("");
    await waitFor(() =>
      expect(view.recipient).toHaveAccessibleDescription(
        "Alice Example (alice): inside the bank, no network fee",
      ),
    );
  });

  it("a payment request pasted into the field fills it in too", async () => {
    const view = await renderSend();
    await view.user.click(view.recipient);
    await view.user.paste(`bitcoin:${OUTSIDE}?amount=1.5`);
    expect(view.recipient).toHaveValue(OUTSIDE);
    expect(view.amount).toHaveValue("1.5");
  });

  it("a payment request that cannot be paid stays as pasted, its problem on the field; Continue refuses it", async () => {
    const view = await renderSend();
    const request = `bitcoin:${OUTSIDE}?amount=1&req-pj=https://example.com`;
    await view.user.click(view.recipient);
    await view.user.paste(request);
    expect(view.recipient).toHaveValue(request);
    expect(view.amount).toHaveValue("");
    const problem = paymentRequestMessages.required("req-pj");
    expect(view.recipient).toHaveAttribute("aria-invalid", "true");
    expect(view.recipient).toHaveAccessibleDescription(expect.stringContaining(problem));
    await view.user.click(view.submit);
    const toast = (await screen.findByText(problem, { selector: "[data-description]" })).closest(
      "[data-sonner-toast]",
    );
    expect(within(toast as HTMLElement).getByText("Invalid recipient")).toBeInTheDocument();
    expect(requestsTo(view.fetchMock, "POST /api/wallet/send/quote")).toEqual([]);
    // Typing again takes the mark away.
    await view.user.clear(view.recipient);
    await view.user.type(view.recipient, "alice");
    expect(view.recipient).not.toHaveAttribute("aria-invalid");
  });

  it("a payment request typed in is read at Enter, never sent by it", async () => {
    const view = await renderSend();
    await view.user.type(view.recipient, `bitcoin:${OUTSIDE}?amount=0.001{Enter}`);
    expect(view.recipient).toHaveValue(OUTSIDE);
    expect(view.amount).toHaveValue("0.001");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(requestsTo(view.fetchMock, "POST /api/wallet/send/quote")).toEqual([]);
  });

  it("says so when the browser refuses the clipboard", async () => {
    const view = await renderSend();
    vi.spyOn(navigator.clipboard, "readText").mockRejectedValueOnce(
      new DOMException("No", "NotAllowedError"),
    );
    await view.user.click(screen.getByRole("button", { name: "Paste" }));
    expect(await screen.findByText("Could not paste")).toBeInTheDocument();
    expect(view.recipient).toHaveValue("");
  });

  it("has no Paste button where the browser cannot read the clipboard, and no Scan button without a QR reader", async () => {
    const view = await renderSend();
    expect(screen.getByRole("button", { name: "Paste" })).toBeInTheDocument();
    view.unmount();
    // As in a browser without the Clipboard API's readText (an insecure origin, an older browser).
    Object.defineProperty(navigator.clipboard, "readText", { value: undefined, configurable: true });
    try {
      await renderSend();
      expect(screen.queryByRole("button", { name: "Paste" })).not.toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Scan QR code" })).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator.clipboard, "readText");
    }
  });
});

/** A browser that reads QR codes: BarcodeDetector finds `text` once the camera runs. */
function withQrReader(text: string, { cameraRefused = false } = {}) {
  const stop = vi.fn();
  class FakeDetector {
    static getSupportedFormats = async () => ["qr_code", "ean_13"];
    detect = vi.fn(async () => [{ rawValue: text }]);
  }
  Object.defineProperty(globalThis, "BarcodeDetector", { value: FakeDetector, configurable: true });
  const getUserMedia = vi.fn(async () => {
    if (cameraRefused) throw new DOMException("Permission denied", "NotAllowedError");
    return { getTracks: () => [{ stop }] } as unknown as MediaStream;
  });
  Object.defineProperty(navigator, "mediaDevices", { value: { getUserMedia }, configurable: true });
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, "readyState", "get").mockReturnValue(4);
  return { getUserMedia, stop };
}

describe("the recipient field: scan", () => {
  it("Scan reads a payment request with the back camera, fills the form and lets the camera go", async () => {
    const camera = withQrReader(`bitcoin:${OUTSIDE}?amount=0.002`);
    const view = await renderSend();
    await view.user.click(await screen.findByRole("button", { name: "Scan QR code" }));
    await waitFor(() => expect(view.recipient).toHaveValue(OUTSIDE));
    expect(view.amount).toHaveValue("0.002");
    expect(camera.getUserMedia).toHaveBeenCalledWith({ video: { facingMode: "environment" }, audio: false });
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Scan a QR code" })).not.toBeInTheDocument(),
    );
    expect(camera.stop).toHaveBeenCalled();
  });

  it("says why when the camera is refused, and fills nothing", async () => {
    withQrReader(OUTSIDE, { cameraRefused: true });
    const view = await renderSend();
    await view.user.click(await screen.findByRole("button", { name: "Scan QR code" }));
    const dialog = await screen.findByRole("dialog", { name: "Scan a QR code" });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Camera access was refused. Allow it in your browser's settings, or paste the address instead.",
    );
    expect(view.recipient).toHaveValue("");
  });
});

describe("the recipient field: recent payees", () => {
  it("offers the recent payees by name while the field is empty; one tap fills the username", async () => {
    const view = await renderSend();
    const recent = await screen.findByRole("group", { name: "Recent" });
    const buttons = within(recent).getAllByRole("button");
    expect(buttons.map((button) => button.textContent)).toEqual(["Alice Examplealice", "Bob Builderbob"]);
    await view.user.click(within(recent).getByRole("button", { name: /Alice Example/ }));
    expect(view.recipient).toHaveValue("alice");
    expect(screen.queryByRole("group", { name: "Recent" })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(view.recipient).toHaveAccessibleDescription(
        "Alice Example (alice): inside the bank, no network fee",
      ),
    );
  });

  it("shows nothing before the first send, or when the list cannot be loaded", async () => {
    await renderSend({ "GET /api/wallet/payees/recent": () => ({ payees: [] }) });
    expect(screen.queryByRole("group", { name: "Recent" })).not.toBeInTheDocument();
  });
});
