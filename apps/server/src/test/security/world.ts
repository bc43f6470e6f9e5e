import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { apiPaths } from "@satsbank/shared";
import { expect } from "vitest";
import { fsDocumentStorage } from "../../adapters/storage/fs-storage.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { notify } from "../../modules/notifications/index.js";
import { getJson, postJson } from "../auth-helpers.js";
import { createTestApp, type TestApp } from "../create-test-app.js";
import { uploadGood } from "../kyc-helpers.js";
import { sendRequest, type TestCustomer, testCustomer } from "../money-helpers.js";
import { testKey } from "../sign-message.js";
import { type TestStaff, testStaff } from "../staff-helpers.js";

/** What alice owns, by id: each attack on another customer's resources names one of these. */
export type AliceOwns = {
  transactionId: string;
  documentId: string;
  notificationId: string;
  supportRequestId: string;
  challengeId: string;
};

/**
 * The bank the attacks run against, made once per file: two funded, verified customers (alice, the victim;
 * bob, the attacker), a member of staff, and something of alice's of every kind an id can name. The app
 * serves a built web app (one index.html), so HTML answers carry their headers too.
 */
export type World = {
  t: TestApp;
  alice: TestCustomer;
  bob: TestCustomer;
  staff: TestStaff;
  owns: AliceOwns;
  /** Where uploads are stored: an attack must leave no file there. */
  uploadsDir: string;
  close: () => Promise<void>;
};

export const INDEX_HTML = "<!doctype html><title>Satsbank</title>";

export async function buildWorld(): Promise<World> {
  const webDistDir = await mkdtemp(path.join(tmpdir(), "satsbank-attacks-"));
  await writeFile(path.join(webDistDir, "index.html"), INDEX_HTML);
  const uploadsDir = await mkdtemp(path.join(tmpdir(), "satsbank-attack-uploads-"));
  const t = await createTestApp({ config: { webDistDir }, storage: fsDocumentStorage(uploadsDir) });
  const alice = await testCustomer(t, { name: "Alice Victim", funds: 1_000_000n });
  const bob = await testCustomer(t, { name: "Bob Attacker", funds: 1_000_000n });
  const staff = await testStaff(t, { name: "Security Staff" });
  const owns = await aliceOwns(t, alice, bob);
  return {
    t,
    alice,
    bob,
    staff,
    owns,
    uploadsDir,
    close: async () => {
      await t.close();
      await rm(webDistDir, { recursive: true, force: true });
      await rm(uploadsDir, { recursive: true, force: true });
    },
  };
}

async function aliceOwns(t: TestApp, alice: TestCustomer, bob: TestCustomer): Promise<AliceOwns> {
  const sent = await sendRequest(t, alice.token, { recipient: bob.user.username, amountSats: "1000" });
  expect(sent.statusCode, sent.body).toBe(201);
  const document = await uploadGood(t, alice.token, "identity");
  await inDbTransaction(t.db, (tx) =>
    notify(tx, {
      userId: alice.user.id,
      kind: "staff_message",
      status: "info",
      title: "For alice only",
      message: "Private",
      at: new Date(),
    }),
  );
  const notifications = await getJson(t, apiPaths.notifications.list, { cookie: alice.token });
  const support = await postJson(
    t,
    apiPaths.support.requests,
    { subject: "My question", message: "A question about my account" },
    { cookie: alice.token },
  );
  expect(support.statusCode, support.body).toBe(201);
  const challenge = await postJson(
    t,
    apiPaths.externalWallets.challenges,
    { provider: "unisat", address: testKey("p2wpkh").address },
    { cookie: alice.token },
  );
  expect(challenge.statusCode, challenge.body).toBe(201);
  return {
    transactionId: sent.json().transaction.id,
    documentId: document.id,
    notificationId: notifications.json().items[0].id,
    supportRequestId: support.json().request.id,
    challengeId: challenge.json().challengeId,
  };
}
