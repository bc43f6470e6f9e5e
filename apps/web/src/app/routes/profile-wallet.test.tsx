import type { ExternalWallet, WalletChallenge, WalletProviderId } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { customer } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { apiError, requestsTo, type StubHandler, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";

const address = "bcrt1q9vza2e8x573nczrlzms0wvx3gsqjx7vay85cr9";
const signature =
  "AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=";
const challengeId = "5d2f8a34-9c1e-4b7a-8f60-1e2d3c4b5a69";
const message = `Satsbank wants you to prove you control ${address}. Nonce: 00112233445566778899aabbccddeeff. Expires: 2030-01-15T12:10:00.000Z`;

function challengeFor(provider: WalletProviderId, body: { address: string }): WalletChallenge {
  return { challengeId, provider, address: body.address, message, expiresAt: "2030-01-15T12:10:00.000Z" };
}

/** The external-wallet endpoints, with the connected wallet they hold; `routes` override any of them. */
function walletApi(initial: ExternalWallet | null = null, routes: Record<string, StubHandler> = {}) {
  let wallet = initial;
  return stubApi({
    user: customer,
    routes: {
      "GET /api/external-wallets": () => ({ wallet }),
      "POST /api/external-wallets/challenges": ({ body }) => {
        const { provider, address: typed } = body as { provider: WalletProviderId; address: string };
        return Response.json(challengeFor(provider, { address: typed }), { status: 201 });
      },
      "POST /api/external-wallets": () => {
        wallet = { provider: "bluewallet", address, connectedAt: "2030-01-15T12:01:00.000Z" };
        return { wallet };
      },
      "POST /api/external-wallets/disconnect": () => {
        wallet = null;
        return { wallet };
      },
      ...routes,
    },
  });
}

async function renderScreen() {
  const view = renderRoute("/profile/wallet");
  await screen.findByRole("article", { name: "UniSat Wallet" });
  return { ...view, user: userEvent.setup() };
}

// `hidden`: behind an open dialog, the page is hidden from assistive technology (aria-hidden).
const card = (name: string) => screen.getByRole("article", { name, hidden: true });
const button = (name: string, label: RegExp) =>
  within(card(name)).getByRole("button", { name: label, hidden: true });

/** Opens the paste path for `name` and asks for a message for `typed`. Returns the dialog. */
async function askForMessage(user: ReturnType<typeof userEvent.setup>, name: string, typed = address) {
  await user.click(button(name, /^Connect /));
  const dialog = await screen.findByRole("dialog", { name: `Connect ${name}` });
  await user.type(within(dialog).getByLabelText("Bitcoin address"), typed);
  await user.click(within(dialog).getByRole("button", { name: "Continue" }));
  return dialog;
}

/** A test double of UniSat's injected API (`window.unisat`): never the real extension. */
function stubUnisat(sign: (message: string, type: string) => Promise<string>) {
  const unisat = {
    requestAccounts: vi.fn(async () => [address]),
    signMessage: vi.fn(sign),
  };
  vi.stubGlobal("unisat", unisat);
  return unisat;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Connect Wallet", () => {
  it("has the heading, the text and one card per provider, each with its letter and a Connect button", async () => {
    walletApi();
    await renderScreen();
    expect(screen.getByRole("heading", { level: 1, name: "Connect Wallet" })).toBeInTheDocument();
    expect(
      screen.getByText("Connect your existing crypto wallet to manage and transfer assets."),
    ).toBeInTheDocument();
    const cards = screen.getAllByRole("article");
    expect(cards.map((element) => element.getAttribute("data-state"))).toEqual(["idle", "idle", "idle"]);
    for (const [name, letter, description] of [
      ["UniSat Wallet", "U", "Browser extension wallet for Bitcoin"],
      ["BlueWallet", "B", "Self-custody Bitcoin wallet for your phone"],
      ["OKX Wallet", "O", "The wallet in the OKX exchange app"],
    ] as const) {
      expect(within(card(name)).getByText(letter)).toHaveAttribute("aria-hidden", "true");
      expect(within(card(name)).getByText(description)).toBeInTheDocument();
      const connect = button(name, new RegExp(`^Connect ${name}$`));
      expect(connect).toHaveTextContent(/^Connect/);
      expect(connect).toBeEnabled();
    }
  });

  it("shows the wallet the server holds as connected: green check, button off, address, Disconnect", async () => {
    walletApi({ provider: "okx", address, connectedAt: "2030-01-15T12:00:00.000Z" });
    await renderScreen();
    const okx = await waitFor(() => {
      expect(card("OKX Wallet")).toHaveAttribute("data-state", "connected");
      return card("OKX Wallet");
    });
    expect(within(okx).getByRole("img", { name: "Connected" })).toBeInTheDocument();
    expect(button("OKX Wallet", /^Connected OKX Wallet$/)).toBeDisabled();
    expect(within(okx).getByText(address)).toBeInTheDocument();
    expect(button("UniSat Wallet", /^Connect /)).toBeEnabled();
    expect(within(card("UniSat Wallet")).queryByRole("img", { name: "Connected" })).not.toBeInTheDocument();
  });

  it("pastes a signature: address, message to sign, signature; then 'Wallet connected' and the card connected", async () => {
    const api = walletApi();
    const { user } = await renderScreen();
    const dialog = await askForMessage(user, "BlueWallet");
    // Connecting: the card's spinner, its button off, while the dialog is open.
    expect(card("BlueWallet")).toHaveAttribute("data-state", "connecting");
    expect(button("BlueWallet", /^Connecting\.\.\. BlueWallet$/)).toBeDisabled();

    expect(await within(dialog).findByLabelText("Message to sign")).toHaveValue(message);
    expect(
      within(dialog).getByText(/In BlueWallet, open the wallet, choose Sign\/Verify Message/),
    ).toBeVisible();
    expect(requestsTo(api, "POST /api/external-wallets/challenges")).toEqual([
      { provider: "bluewallet", address },
    ]);

    await user.type(within(dialog).getByLabelText("Signature"), `  ${signature} `);
    await user.click(within(dialog).getByRole("button", { name: "Connect" }));
    await expectToast("success", "Wallet connected", "Your BlueWallet has been connected successfully.");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(requestsTo(api, "POST /api/external-wallets")).toEqual([{ challengeId, signature }]);
    expect(card("BlueWallet")).toHaveAttribute("data-state", "connected");
    expect(button("BlueWallet", /^Connected BlueWallet$/)).toBeDisabled();
    expect(within(card("BlueWallet")).getByRole("img", { name: "Connected" })).toBeInTheDocument();
  });

  it("a refused signature: 'Connection failed', the reason on the field, and another try", async () => {
    let tries = 0;
    walletApi(null, {
      "POST /api/external-wallets": () => {
        tries += 1;
        if (tries === 1) {
          const text = "That signature was not made by this address for this message";
          return apiError(400, "VALIDATION_ERROR", text, { signature: text });
        }
        return { wallet: { provider: "okx", address, connectedAt: "2030-01-15T12:01:00.000Z" } };
      },
    });
    const { user } = await renderScreen();
    const dialog = await askForMessage(user, "OKX Wallet");
    const field = await within(dialog).findByLabelText("Signature");
    await user.type(field, "AAAA");
    await user.click(within(dialog).getByRole("button", { name: "Connect" }));
    await expectToast("error", "Connection failed", "Failed to connect wallet. Please try again.");
    expect(field).toHaveAccessibleDescription("That signature was not made by this address for this message");
    expect(card("OKX Wallet")).toHaveAttribute("data-state", "connecting");

    await user.clear(field);
    await user.type(field, signature);
    await user.click(within(dialog).getByRole("button", { name: "Connect" }));
    await expectToast("success", "Wallet connected", "Your OKX Wallet has been connected successfully.");
    expect(card("OKX Wallet")).toHaveAttribute("data-state", "connected");
  });

  it("a refused address: 'Connection failed' and the reason on the address", async () => {
    const text = "That address belongs to another Bitcoin network";
    walletApi(null, {
      "POST /api/external-wallets/challenges": () =>
        apiError(400, "VALIDATION_ERROR", text, { address: text }),
    });
    const { user } = await renderScreen();
    const dialog = await askForMessage(user, "UniSat Wallet", "bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l");
    await expectToast("error", "Connection failed", "Failed to connect wallet. Please try again.");
    expect(within(dialog).getByLabelText("Bitcoin address")).toHaveAccessibleDescription(
      expect.stringContaining(text),
    );
    expect(within(dialog).queryByLabelText("Message to sign")).not.toBeInTheDocument();
  });

  it("an expired message goes back to the address, saying why; Cancel leaves the card idle", async () => {
    const gone = "This message has expired or was already used: ask for a new one";
    walletApi(null, {
      "POST /api/external-wallets": () => apiError(400, "BAD_REQUEST", gone, { challengeId: gone }),
    });
    const { user } = await renderScreen();
    const dialog = await askForMessage(user, "BlueWallet");
    await user.type(await within(dialog).findByLabelText("Signature"), signature);
    await user.click(within(dialog).getByRole("button", { name: "Connect" }));
    await expectToast("error", "Connection failed", "Failed to connect wallet. Please try again.");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(gone);
    expect(within(dialog).getByLabelText("Bitcoin address")).toHaveValue(address);

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(card("BlueWallet")).toHaveAttribute("data-state", "idle");
  });

  it("with UniSat in the browser (a test double of window.unisat), asks it for the address and a BIP-322 signature", async () => {
    const api = walletApi(null, {
      "POST /api/external-wallets": () => ({
        wallet: { provider: "unisat", address, connectedAt: "2030-01-15T12:01:00.000Z" },
      }),
    });
    let release: (signed: string) => void = () => {};
    const unisat = stubUnisat(() => new Promise((resolve) => (release = resolve)));
    const { user } = await renderScreen();
    await user.click(button("UniSat Wallet", /^Connect /));
    await waitFor(() => expect(unisat.signMessage).toHaveBeenCalledWith(message, "bip322-simple"));
    // While the extension waits for the person: spinner, button off, no dialog.
    expect(card("UniSat Wallet")).toHaveAttribute("data-state", "connecting");
    expect(button("UniSat Wallet", /^Connecting\.\.\. UniSat Wallet$/)).toBeDisabled();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    release(signature);
    await expectToast("success", "Wallet connected", "Your UniSat Wallet has been connected successfully.");
    expect(unisat.requestAccounts).toHaveBeenCalledOnce();
    expect(requestsTo(api, "POST /api/external-wallets/challenges")).toEqual([
      { provider: "unisat", address },
    ]);
    expect(requestsTo(api, "POST /api/external-wallets")).toEqual([{ challengeId, signature }]);
    await waitFor(() => expect(card("UniSat Wallet")).toHaveAttribute("data-state", "connected"));
  });

  it("when UniSat refuses to sign, says 'Connection failed' and sends nothing", async () => {
    const api = walletApi();
    stubUnisat(async () => {
      throw new Error("User rejected the request.");
    });
    const { user } = await renderScreen();
    await user.click(button("UniSat Wallet", /^Connect /));
    await expectToast("error", "Connection failed", "Failed to connect wallet. Please try again.");
    expect(requestsTo(api, "POST /api/external-wallets")).toEqual([]);
    await waitFor(() => expect(card("UniSat Wallet")).toHaveAttribute("data-state", "idle"));
  });

  it("Disconnect forgets the wallet", async () => {
    const api = walletApi({ provider: "bluewallet", address, connectedAt: "2030-01-15T12:00:00.000Z" });
    const { user } = await renderScreen();
    await user.click(
      await within(card("BlueWallet")).findByRole("button", { name: "Disconnect BlueWallet" }),
    );
    await expectToast("success", "Wallet disconnected", "Your BlueWallet is no longer connected.");
    expect(requestsTo(api, "POST /api/external-wallets/disconnect")).toEqual([{}]);
    expect(card("BlueWallet")).toHaveAttribute("data-state", "idle");
    expect(button("BlueWallet", /^Connect /)).toBeEnabled();
  });
});
