import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  apiPaths,
  refillSignaturesResponseSchema,
  vaultOverviewSchema,
  vaultRefillResponseSchema,
} from "@satsbank/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOrCreateDemoVault } from "../../bitcoin/vault/index.js";
import { signPsbtFile } from "../../cli/vault-sign.js";
import { DEFAULT_HOT_WALLET_MAX_SATS, DEFAULT_HOT_WALLET_TARGET_SATS } from "../../config/vault.js";
import { hotWalletUtxos } from "../../db/schema/index.js";
import { sats } from "../../domain/money.js";
import { getJson, postJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { expectChainBooksBalanced, type SandboxChain, startSandboxChain } from "../../test/sandbox-chain.js";
import { type TestStaff, testStaff } from "../../test/staff-helpers.js";
import { depositor, earnFees, vaultPass, vaultSettings } from "../../test/vault-helpers.js";
import type { VaultSettings } from "./index.js";

// The embedded default's demo vault, end to end: its three key files in DATA_DIR, the hot wallet above
// the embedded default's max swept to it, and a refill downloaded and signed by `npm run vault -- sign`
// (its signing function) with two of the demo key files, uploaded one by one.

let dataDir: string;
let keyFiles: string[];
let settings: VaultSettings;
let t: TestApp;
let sandbox: SandboxChain;
let staff: TestStaff;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "satsbank-demo-vault-"));
  const demo = await readOrCreateDemoVault(dataDir, "regtest");
  keyFiles = demo.keyFiles;
  settings = vaultSettings(demo.vault, {
    max: DEFAULT_HOT_WALLET_MAX_SATS,
    target: DEFAULT_HOT_WALLET_TARGET_SATS,
  });
  t = await createTestApp({ config: settings });
  sandbox = await startSandboxChain(t);
  staff = await testStaff(t, { name: "Demo Vault Keeper" });
  await earnFees(t, sandbox, sats(500_000n));
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** `npm run vault -- sign <file> --key <key file>`, without the files: what it would write. */
async function cliSign(psbt: Uint8Array, keyFile: string): Promise<Uint8Array | string> {
  const signed = signPsbtFile({
    psbt,
    psbtFile: "refill.psbt",
    keyFile: await readFile(keyFile, "utf8"),
    keyFileName: keyFile,
  });
  expect(signed.signed).toHaveLength(signed.inputs);
  return signed.content;
}

const asBase64 = (content: Uint8Array | string) =>
  typeof content === "string" ? content.trim() : Buffer.from(content).toString("base64");

describe("the demo vault", () => {
  it("takes the hot wallet's excess, and a refill signed by two demo keys with npm run vault -- sign", async () => {
    const as = { cookie: staff.token };
    // Customers' deposits take the hot wallet over the embedded default's max (0.1 BTC): swept to 0.05 BTC.
    await depositor(t, sandbox, [6_000_000n, 7_000_000n]);
    const swept = await vaultPass(sandbox, settings);
    expect(swept.sweep.outcome).toBe("swept");
    await sandbox.node.mine(1);
    await vaultPass(sandbox, settings);
    const tab = vaultOverviewSchema.parse((await getJson(t, apiPaths.admin.vault, as)).json());
    if (!tab.configured) throw new Error("no vault");
    expect(tab.hotWallet).toMatchObject({
      availableSats: "5000000",
      maxSats: "10000000",
      targetSats: "5000000",
    });
    expect(tab.sweeps).toHaveLength(1);
    expect(tab.sweeps[0]).toMatchObject({ status: "confirmed", amountSats: tab.vault.availableSats });

    const started = await postJson(
      t,
      apiPaths.admin.vaultRefills,
      { amountSats: "2000000", reason: "Withdrawals this afternoon" },
      as,
    );
    expect(started.statusCode, started.body).toBe(201);
    const refill = vaultRefillResponseSchema.parse(started.json()).refill;

    // Key holder 1 downloads the binary PSBT and signs it: one signature does not finalise.
    const binary = await getJson(t, refill.psbtUrl, as);
    const first = await cliSign(binary.rawPayload, keyFiles[0] as string);
    expect(first).toBeInstanceOf(Uint8Array);
    const once = await postJson(
      t,
      apiPaths.admin.vaultRefillSignatures(refill.id),
      { psbt: asBase64(first) },
      as,
    );
    expect(once.statusCode, once.body).toBe(200);
    expect(refillSignaturesResponseSchema.parse(once.json())).toMatchObject({
      broadcast: null,
      refill: { status: "awaiting_signatures", complete: false },
    });

    // Key holder 2 downloads it as base64 text (with the first signature) and signs: it is broadcast.
    const text = await getJson(t, `${refill.psbtUrl}?format=base64`, as);
    expect(text.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const second = await cliSign(Buffer.from(text.body), keyFiles[1] as string);
    expect(typeof second).toBe("string");
    const twice = await postJson(
      t,
      apiPaths.admin.vaultRefillSignatures(refill.id),
      { psbt: asBase64(second) },
      as,
    );
    expect(twice.statusCode, twice.body).toBe(200);
    expect(refillSignaturesResponseSchema.parse(twice.json())).toMatchObject({
      broadcast: "broadcast",
      refill: { status: "broadcast", complete: true },
    });
    expect(await sandbox.chain.mempoolTxids()).toContain(refill.txid);

    await sandbox.node.mine(1);
    expect((await vaultPass(sandbox, settings)).refills.settled).toBe(1);
    const [coin] = await t.db.select().from(hotWalletUtxos).where(eq(hotWalletUtxos.txid, refill.txid));
    expect(coin).toMatchObject({ valueSats: 2_000_000n, status: "available", address: refill.hotAddress });
    const after = vaultRefillResponseSchema.parse(
      (await getJson(t, apiPaths.admin.vaultRefill(refill.id), as)).json(),
    );
    expect(after.refill.status).toBe("confirmed");
    await expectChainBooksBalanced(t);
  });
});
