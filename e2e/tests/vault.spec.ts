import { expect, type Locator, type Page, test } from "@playwright/test";
import { seeded } from "../support/accounts.js";
import { btcTextFromSats } from "../support/money.js";
import { download, toast } from "../support/page-helpers.js";
import { sandboxMine } from "../support/sandbox.js";
import { signInWithEmailCode } from "../support/sign-in.js";
import { signWithDemoKey, vaultWithCoins, withVault } from "../support/vault.js";

// The cold vault's refill (issue 19), end to end on the embedded default's demo vault: staff start a refill
// on the Vault tab, download its PSBT, have it signed by the demo's key 1 with `npm run vault -- sign` and
// upload it (one signature: it waits), then key 2's (both: it is broadcast); a block confirms it, and the
// server adds its coin to the hot wallet. The vault's coins come from the sweep of the seeded hot wallet
// (above the embedded default's 0.1 BTC max) on the server's first pass. Each run's amount is its own (a
// repeated run may go on beside it; the refills themselves take turns, support/vault.ts).

test.describe.configure({ timeout: 150_000 });
test.use({ viewport: { width: 1280, height: 800 } });

/** Uploads a signed PSBT file from the refill's card. */
async function upload(page: Page, card: Locator, file: string) {
  await card.getByRole("button", { name: /^Upload signed PSBT/ }).click();
  const dialog = page.getByRole("dialog", { name: "Upload a signed PSBT" });
  await dialog.getByLabel("Signed PSBT file").setInputFiles(file);
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(dialog).toBeHidden();
}

test("a refill signed by two demo keys with npm run vault -- sign is accepted, broadcast and confirmed", async ({
  page,
}) => {
  const sats = 100_000n + BigInt(test.info().repeatEachIndex);
  const amount = btcTextFromSats(sats);
  const reason = `Withdrawals this afternoon (e2e run ${test.info().repeatEachIndex}, ${Date.now()})`;
  await signInWithEmailCode(page, seeded.staff);

  await withVault(async () => {
    await vaultWithCoins(page.request, sats + 10_000n);
    await page.goto("/admin?tab=vault");
    const panel = page.getByRole("tabpanel", { name: "Vault" });
    await expect(panel.getByRole("heading", { level: 2, name: "Refills" })).toBeVisible();

    // Staff start it: the amount in BTC, a reason.
    await panel.getByRole("button", { name: "Start a refill" }).click();
    const start = page.getByRole("dialog", { name: "Start a refill" });
    await start.getByLabel("Amount (BTC)").fill(amount.replace(" BTC", ""));
    await start.getByLabel("Reason").fill(reason);
    await start.getByRole("button", { name: "Start refill" }).click();
    await expect(toast(page, "Refill started")).toBeVisible();
    const card = panel.getByRole("article", { name: `Refill of ${amount}` }).filter({ hasText: reason });
    await expect(card).toContainText("Waiting for signatures");
    await expect(card.getByRole("listitem").first()).toContainText("0 of 2 signatures");

    // The PSBT as downloaded carries no signature: the server refuses it in words, and the dialog stays.
    const psbt = await download(page, card.getByRole("link", { name: /^Download PSBT/ }));
    await card.getByRole("button", { name: /^Upload signed PSBT/ }).click();
    const unsigned = page.getByRole("dialog", { name: "Upload a signed PSBT" });
    await unsigned.getByLabel("Signed PSBT file").setInputFiles(psbt);
    await unsigned.getByRole("button", { name: "Upload" }).click();
    await expect(unsigned.getByRole("alert")).toContainText(
      "This PSBT carries no valid signature by the vault's keys for this refill",
    );
    await unsigned.getByRole("button", { name: "Cancel" }).click();

    // Key holder 1 signs the binary PSBT: one signature does not broadcast it.
    await upload(page, card, await signWithDemoKey(psbt, 1));
    await expect(toast(page, "Signature added")).toContainText("Signed by key 1: 1 of 2 signatures.");
    await expect(card.getByRole("listitem").first()).toContainText("1 of 2 signatures · signed by key 1");
    await expect(card).toContainText("Waiting for signatures");
    await expect(card.getByRole("button", { name: /^Upload signed PSBT/ })).toBeVisible();

    // Key holder 2 signs the base64 text (with key 1's signature in it): both, so it is broadcast.
    const text = await download(page, card.getByRole("link", { name: /^Download as text \(base64\)/ }));
    await upload(page, card, await signWithDemoKey(text, 2));
    await expect(toast(page, "Refill broadcast")).toBeVisible();
    await expect(card).toContainText("Broadcast");
    await expect(card.getByRole("listitem").first()).toContainText(
      "2 of 2 signatures · signed by keys 1 and 2",
    );
    await expect(card.getByRole("button", { name: /^Upload signed PSBT/ })).toHaveCount(0);

    // A block confirms it: the server settles it and adds its coin to the hot wallet.
    await sandboxMine(page.request);
    await panel.getByRole("button", { name: "Refresh" }).click();
    await expect(card).toContainText("Confirmed");
    await expect(card.getByText(/ · block [\d,]+$/)).toBeVisible();
  });

  // The audit log names each step and who did it.
  await page.goto("/admin?tab=audit");
  const audit = page.getByRole("tabpanel", { name: "Audit Log" });
  for (const action of [
    "Started a vault refill",
    "Uploaded a signed vault refill",
    "Broadcast a vault refill",
  ]) {
    await expect(audit.getByRole("cell", { name: action, exact: true }).first()).toBeVisible();
  }
});
