import { expect, type Locator, type Page } from "@playwright/test";
import type { TestAccount } from "./accounts.js";

/**
 * Seeded customers the money specs use (all KYC-verified, password "demo-password"). A spec that asserts
 * exact balances owns its account: no other test sends from it or to it.
 * - demo: the specification's 0.00746 BTC, never sent from or to in any test (read-only).
 * - carol: the sender of the send-to-alice spec; only that spec changes her balance.
 * - david: reads only (the spec that tries to open another customer's transaction).
 * - grace: the accessibility scan's customer; it only looks (a send reaches its review, never more).
 * - hiroshi: the sender of the spec that pays another customer's deposit address; only it changes his
 *   balance.
 * - farhan: the sender of the withdrawal spec (a first withdrawal to an address outside the bank: held,
 *   then cancelled); only it changes his balance.
 * - bob: the sender of the withdrawal approvals spec, to the outside address his seeded withdrawal paid
 *   (an address paid before is not held), and of live-money.spec's withdrawal to it (an amount of its own);
 *   no test asserts his balance.
 * - jonas: tries a send above the daily limit (refused: nothing moves).
 * - isabella: her identity check waits for staff (seeded pending); she only looks.
 * - elodie: writes to support (no money moves).
 * - sofia: sends small amounts to new customers in the notifications spec (no test asserts her balance).
 * - kwame: his identity check waits for staff (seeded pending, after isabella's); the staff dashboard spec
 *   approves it and signs in as him to see it. No other test decides it or signs in as him.
 * - liam: seeded inactive (deactivated by staff); the staff dashboard spec only looks, never reactivates.
 * alice receives money here, so no test may assert her exact balance. Her seeded open support request is
 * answered by the staff dashboard spec.
 */
export const moneyAccounts = {
  demo: { name: "Demo User", email: "demo@example.com", password: "demo-password" },
  bob: { name: "Bob Martinez", email: "bob@example.com", password: "demo-password" },
  carol: { name: "Carol Nguyen", email: "carol@example.com", password: "demo-password" },
  david: { name: "David Okafor", email: "david@example.com", password: "demo-password" },
  grace: { name: "Grace Kim", email: "grace@example.com", password: "demo-password" },
  hiroshi: { name: "Hiroshi Tanaka", email: "hiroshi@example.com", password: "demo-password" },
  farhan: { name: "Farhan Siddiqui", email: "farhan@example.com", password: "demo-password" },
  jonas: { name: "Jonas Müller", email: "jonas@example.com", password: "demo-password" },
  isabella: { name: "Isabella Rossi", email: "isabella@example.com", password: "demo-password" },
  elodie: { name: "Élodie Durand", email: "elodie@example.com", password: "demo-password" },
  sofia: { name: "Sofia Hernández", email: "sofia@example.com", password: "demo-password" },
  kwame: { name: "Kwame Mensah", email: "kwame@example.com", password: "demo-password" },
  liam: { name: "Liam Walsh", email: "liam@example.com", password: "demo-password" },
} as const satisfies Record<string, TestAccount>;

const SATS_PER_BTC = 100_000_000n;

/** "0.00746000 BTC" -> 746000n (8 decimals, as every balance on screen is written). */
export function satsFromBtcText(text: string): bigint {
  const match = /^(\d+)\.(\d{8}) BTC$/.exec(text.trim());
  if (!match) throw new Error(`Not a BTC amount: ${text}`);
  return BigInt(match[1] ?? "0") * SATS_PER_BTC + BigInt(match[2] ?? "0");
}

/** 746000n -> "0.00746000 BTC". */
export function btcTextFromSats(sats: bigint): string {
  return `${sats / SATS_PER_BTC}.${(sats % SATS_PER_BTC).toString().padStart(8, "0")} BTC`;
}

/** The balance card ("Total Balance") on the dashboard or the wallet screen. */
export function balanceCard(page: Page): Locator {
  return page.getByRole("region", { name: "Total Balance" });
}

/** The balance the card shows, once it has loaded. */
export async function shownBalance(page: Page): Promise<bigint> {
  const amount = balanceCard(page).getByText(/^\d+\.\d{8} BTC$/);
  await expect(amount).toBeVisible();
  return satsFromBtcText((await amount.textContent()) ?? "");
}

/** The rows of the history list (each a button inside a list item). */
export function historyRows(page: Page): Locator {
  return page.getByRole("list", { name: "Transactions" }).getByRole("listitem");
}

/** Waits until the history shows at least one row and every row's text passes `check`. */
export async function expectEveryRow(page: Page, check: (text: string) => boolean, what: string) {
  await expect
    .poll(
      async () => {
        const texts = await historyRows(page).allTextContents();
        return texts.length > 0 && texts.every(check);
      },
      { message: `every history row ${what}` },
    )
    .toBe(true);
}
