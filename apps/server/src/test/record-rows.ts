import { randomUUID } from "node:crypto";
import { depositAddresses, externalWallets, walletTransactions } from "../db/schema/index.js";
import type { TestApp } from "./create-test-app.js";
import { testConfig } from "./test-config.js";

// Rows of a customer's records written straight into the tables, for the labels tests: a txid or an
// address the test chooses (the BIP-329 example's own) cannot come from the real use cases.

const network = testConfig().bitcoinNetwork;
let nextIndex = 900_000;

/** One of the customer's history rows, with `txid` when given; answers its id. */
export async function insertRow(
  t: TestApp,
  userId: string,
  {
    txid = null,
    note = null,
    at = new Date(),
  }: { txid?: string | null; note?: string | null; at?: Date } = {},
): Promise<string> {
  const id = randomUUID();
  await t.db.insert(walletTransactions).values({
    id,
    userId,
    type: "receive",
    status: "completed",
    amount: 10_000n,
    txid,
    note,
    createdAt: at,
  });
  return id;
}

/** A deposit address of the customer's, at a derivation index no real one takes. */
export async function insertDepositAddress(t: TestApp, userId: string, address: string): Promise<void> {
  nextIndex += 1;
  await t.db
    .insert(depositAddresses)
    .values({ address, userId, network, chain: 0, chainIndex: nextIndex, createdAt: new Date() });
}

/** The customer's connected wallet (its proof is not checked here: external-wallets.test.ts does that). */
export async function insertConnectedWallet(t: TestApp, userId: string, address: string): Promise<void> {
  await t.db.insert(externalWallets).values({
    userId,
    provider: "unisat",
    address,
    message: "test",
    signature: "test",
    proofFormat: "legacy",
    connectedAt: new Date(),
  });
}
