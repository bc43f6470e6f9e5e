import { expect, type Page, test } from "@playwright/test";
import { signUp } from "../support/accounts.js";
import { testWallet } from "../support/wallet-signature.js";

// Connect Wallet proves ownership for real: the bank's message, signed (BIP-322) with a key the test holds.

const card = (page: Page, name: string) => page.getByRole("article", { name });

/** The paste path up to the message: Connect on the card, the address, Continue. */
async function askForMessage(page: Page, name: string, address: string) {
  await page.goto("/profile/wallet");
  await expect(
    page.getByText("Connect your existing crypto wallet to manage and transfer assets."),
  ).toBeVisible();
  await card(page, name)
    .getByRole("button", { name: `Connect ${name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: `Connect ${name}` });
  await dialog.getByLabel("Bitcoin address").fill(address);
  await dialog.getByRole("button", { name: "Continue" }).click();
  const message = await dialog.getByLabel("Message to sign").inputValue();
  expect(message).toMatch(
    new RegExp(`^Satsbank wants you to prove you control ${address}\\. Nonce: [0-9a-f]{32}\\. `),
  );
  return { dialog, message };
}

test("a new customer connects a wallet with a signature, then sends to it in one tap", async ({ page }) => {
  await signUp(page);
  const wallet = testWallet();
  const { dialog, message } = await askForMessage(page, "BlueWallet", wallet.address);
  // Connecting while its dialog is open (the page behind it is hidden from assistive technology).
  const behind = page.getByRole("article", { name: "BlueWallet", includeHidden: true });
  await expect(behind).toHaveAttribute("data-state", "connecting");
  await expect(
    behind.getByRole("button", { name: "Connecting... BlueWallet", includeHidden: true }),
  ).toBeDisabled();
  await dialog.getByLabel("Signature").fill(wallet.sign(message));
  await dialog.getByRole("button", { name: "Connect" }).click();

  await expect(page.getByText("Wallet connected", { exact: true })).toBeVisible();
  await expect(page.getByText("Your BlueWallet has been connected successfully.")).toBeVisible();
  await expect(dialog).toBeHidden();
  const blue = card(page, "BlueWallet");
  await expect(blue).toHaveAttribute("data-state", "connected");
  await expect(blue.getByRole("img", { name: "Connected" })).toBeVisible();
  await expect(blue.getByRole("button", { name: "Connected BlueWallet" })).toBeDisabled();
  await expect(blue.getByText(wallet.address)).toBeVisible();

  // Kept by the bank, not the page.
  await page.reload();
  await expect(card(page, "BlueWallet")).toHaveAttribute("data-state", "connected");

  await page.goto("/wallet/send");
  const recipient = page.getByLabel("Recipient");
  await expect(recipient).toHaveValue("");
  await page.getByRole("button", { name: "Send to my BlueWallet" }).click();
  await expect(recipient).toHaveValue(wallet.address);
});

test("a signature by another key: 'Connection failed', and nothing is connected", async ({ page }) => {
  await signUp(page);
  const wallet = testWallet();
  const { dialog, message } = await askForMessage(page, "OKX Wallet", wallet.address);
  await dialog.getByLabel("Signature").fill(testWallet().sign(message));
  await dialog.getByRole("button", { name: "Connect" }).click();

  await expect(page.getByText("Connection failed", { exact: true })).toBeVisible();
  await expect(page.getByText("Failed to connect wallet. Please try again.")).toBeVisible();
  await expect(dialog.getByLabel("Signature")).toHaveAccessibleDescription(
    "That signature was not made by this address for this message",
  );
  await dialog.getByRole("button", { name: "Back" }).click();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(card(page, "OKX Wallet")).toHaveAttribute("data-state", "idle");
  await page.reload();
  await expect(card(page, "OKX Wallet")).toHaveAttribute("data-state", "idle");
  await page.goto("/wallet/send");
  await expect(page.getByLabel("Recipient")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Send to my/ })).toHaveCount(0);
});

test("with UniSat in the browser, the app asks it for the address and a BIP-322 signature", async ({
  page,
}) => {
  await signUp(page);
  const wallet = testWallet();
  const asked: string[] = [];
  // A test double of UniSat's injected API (window.unisat), signing with the test's key in Node.
  await page.exposeFunction("signWithTestWallet", (message: string, type: string) => {
    asked.push(type);
    return wallet.sign(message);
  });
  await page.addInitScript((address) => {
    type Signer = { signWithTestWallet(message: string, type: string): Promise<string> };
    Object.assign(window, {
      unisat: {
        requestAccounts: async () => [address],
        signMessage: (message: string, type: string) =>
          (window as unknown as Signer).signWithTestWallet(message, type),
      },
    });
  }, wallet.address);

  await page.goto("/profile/wallet");
  await card(page, "UniSat Wallet").getByRole("button", { name: "Connect UniSat Wallet" }).click();
  await expect(page.getByText("Your UniSat Wallet has been connected successfully.")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(card(page, "UniSat Wallet")).toHaveAttribute("data-state", "connected");
  await expect(card(page, "UniSat Wallet").getByText(wallet.address)).toBeVisible();
  expect(asked).toEqual(["bip322-simple"]);
});
