import { expect, type Locator, type Page, test } from "@playwright/test";
import { seeded } from "../support/accounts.js";
import { download, toast } from "../support/page-helpers.js";
import { signInWithEmailCode } from "../support/sign-in.js";
import { signWithDemoKey, vaultWithCoins, withVault } from "../support/vault.js";

// The reserves proof of an epoch (issue 23), end to end on the embedded default's demo vault: staff build an
// epoch on the Books tab, download its reserves PSBT, have it signed by the demo's keys 1 and 2 with
// `npm run vault -- sign` and upload each (one: it waits; both: covered); then a customer's browser checks
// that epoch's reserves from the raw proof. The vault's coins come from the sweep of the seeded hot wallet on
// the server's first pass. The run holds the cold vault's turn (support/vault.ts): a refill beside it would
// move the coins, and the customer's page shows the latest epoch, which must be this run's.

test.describe.configure({ timeout: 150_000 });
test.use({ viewport: { width: 1280, height: 800 } });

/** Uploads a signed PSBT file for the epoch from its row. */
async function upload(page: Page, row: Locator, epoch: number, file: string) {
  await row.getByRole("button", { name: `Upload signed PSBT for epoch ${epoch}` }).click();
  const dialog = page.getByRole("dialog", { name: "Upload a signed PSBT" });
  await dialog.getByLabel("Signed PSBT file").setInputFiles(file);
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(dialog).toBeHidden();
}

test("an epoch's reserves proof signed by two demo keys is covered, and a customer's browser checks it", async ({
  page,
  browser,
}) => {
  await signInWithEmailCode(page, seeded.staff);

  await withVault(async () => {
    // A confirmed vault coin, so the proof waits for the key holders.
    await vaultWithCoins(page.request, 1n);
    await page.goto("/admin?tab=books");
    const section = page.getByRole("tabpanel", { name: "Books" }).getByRole("region", {
      name: "Proof of reserves",
    });
    const table = section.getByRole("table", { name: "The latest proof-of-reserves epochs, newest first" });

    await section.getByRole("button", { name: "Build epoch now" }).click();
    const built = page.locator("[data-sonner-toast]").filter({ hasText: /Epoch \d+ built/ });
    await expect(built).toContainText("waits for two vault key holders' signatures");
    const epoch = Number(/Epoch (\d+) built/.exec((await built.textContent()) ?? "")?.[1]);
    expect(epoch).toBeGreaterThan(0);
    const row = table
      .getByRole("row")
      .filter({ has: page.locator("td:first-child", { hasText: new RegExp(`^${epoch}$`) }) });
    await expect(row).toContainText("Waiting for the vault's signatures");

    // Each key holder signs the PSBT as downloaded; one signature per vault coin does not complete it.
    const psbt = await download(page, row.getByRole("link", { name: `Download PSBT of epoch ${epoch}` }));
    await upload(page, row, epoch, await signWithDemoKey(psbt, 1));
    await expect(toast(page, "Signature added")).toContainText("added (key 1)");
    await expect(row).toContainText("Waiting for the vault's signatures");

    await upload(page, row, epoch, await signWithDemoKey(psbt, 2));
    await expect(toast(page, "Reserves covered")).toContainText("added (key 2)");
    await expect(row).toContainText("Covered");
    await expect(row.getByRole("button")).toHaveCount(0);

    // The customer's browser checks the latest epoch, this one, from the raw proof.
    const customer = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const phone = await customer.newPage();
      await signInWithEmailCode(phone, seeded.customer);
      await phone.goto("/profile");
      await phone.getByRole("link", { name: "Proof of Reserves" }).click();
      await expect(phone.getByRole("heading", { level: 1, name: "Proof of Reserves" })).toBeVisible();
      const reserves = phone.getByRole("region", { name: "Reserves" });
      await expect(reserves.getByText(/^Reserves on the chain: [\d.]+ BTC$/)).toBeVisible();
      await expect(reserves.getByRole("img", { name: "Verified" })).toBeVisible();
      await expect(reserves.getByRole("alert")).toHaveCount(0);
      await expect(phone.getByRole("main")).toContainText(`epoch ${epoch},`);
    } finally {
      await customer.close();
    }
  });
});
