import {
  apiPaths,
  externalWalletErrors,
  externalWalletResponseSchema,
  type WalletChallenge,
  walletChallengeSchema,
} from "@satsbank/shared";
import { Address } from "@scure/btc-signer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { createRateLimiter } from "../../adapters/rate-limit/limiter.js";
import { networkParams } from "../../bitcoin/network.js";
import { fakeClock, getJson, postJson, signIn, signUp } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { signBip322, signLegacy, type TestKey, testKey } from "../../test/sign-message.js";
import { createStaff } from "../auth/index.js";
import { CHALLENGE_MAX_ATTEMPTS } from "./connect-wallet.js";
import { CHALLENGE_TTL_MS } from "./create-challenge.js";
import { findExternalWallet } from "./queries.js";

const clock = fakeClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function customer() {
  const { token, user } = await signUp(t);
  return { token, userId: user.id as string };
}

async function challenge(token: string, address: string, provider = "unisat") {
  return postJson(t, apiPaths.externalWallets.challenges, { provider, address }, { cookie: token });
}

async function newChallenge(token: string, address: string, provider = "unisat"): Promise<WalletChallenge> {
  const res = await challenge(token, address, provider);
  expect(res.statusCode, res.body).toBe(201);
  return walletChallengeSchema.parse(res.json());
}

function connect(token: string, challengeId: string, signature: string) {
  return postJson(t, apiPaths.externalWallets.current, { challengeId, signature }, { cookie: token });
}

async function connected(token: string) {
  const res = await getJson(t, apiPaths.externalWallets.current, { cookie: token });
  expect(res.statusCode, res.body).toBe(200);
  return externalWalletResponseSchema.parse(res.json()).wallet;
}

/** Proves `key` for the customer with a BIP-322 signature; returns the answer. */
async function prove(token: string, key: TestKey, provider = "unisat") {
  const { challengeId, message } = await newChallenge(token, key.address, provider);
  return connect(token, challengeId, signBip322(key, message));
}

describe("a challenge", () => {
  it("is a message naming the address, with a nonce and its expiry, made by the server", async () => {
    const { token } = await customer();
    const key = testKey("p2wpkh");
    const made = await newChallenge(token, key.address.toUpperCase(), "bluewallet");
    expect(made.address).toBe(key.address);
    expect(made.provider).toBe("bluewallet");
    expect(made.expiresAt).toBe(new Date(clock.now().getTime() + CHALLENGE_TTL_MS).toISOString());
    expect(made.message).toMatch(
      new RegExp(
        `^Satsbank wants you to prove you control ${key.address}\\. Nonce: [0-9a-f]{32}\\. Expires: `,
      ),
    );
    expect(made.message.endsWith(`Expires: ${made.expiresAt}`)).toBe(true);
    const again = await newChallenge(token, key.address);
    expect(again.message).not.toBe(made.message);
    expect(again.challengeId).not.toBe(made.challengeId);
  });

  it("needs an address of the bank's network (regtest here) that one key can sign for", async () => {
    const { token } = await customer();
    const regtest = testKey("p2wpkh");
    const decoded = Address(networkParams.regtest.params).decode(regtest.address);
    for (const [address, message] of [
      [Address(networkParams.mainnet.params).encode(decoded), externalWalletErrors.otherNetworkAddress],
      [Address(networkParams.testnet.params).encode(decoded), externalWalletErrors.otherNetworkAddress],
      ["bcrt1qnotanaddress", externalWalletErrors.invalidAddress],
      ["alice", externalWalletErrors.invalidAddress],
      [
        Address(networkParams.regtest.params).encode({ type: "wsh", hash: new Uint8Array(32) }),
        externalWalletErrors.unsupportedAddress,
      ],
    ] as const) {
      const res = await challenge(token, address);
      expect(res.statusCode, address).toBe(400);
      expect(res.json().error.fields, address).toEqual({ address: message });
    }
    expect((await challenge(token, "")).json().error.fields).toEqual({
      address: externalWalletErrors.addressRequired,
    });
    expect((await challenge(token, regtest.address, "metamask")).statusCode).toBe(400);
    for (const kind of ["p2pkh", "p2sh", "p2wpkh", "p2tr"] as const) {
      expect((await challenge(token, testKey(kind).address)).statusCode, kind).toBe(201);
    }
  });

  it("follows BITCOIN_NETWORK: a mainnet bank takes mainnet addresses and refuses regtest ones", async () => {
    const mainnet = await createTestApp({ config: { bitcoinNetwork: "mainnet" } });
    try {
      const { token } = await signUp(mainnet);
      const ask = (address: string) =>
        postJson(
          mainnet,
          apiPaths.externalWallets.challenges,
          { provider: "okx", address },
          { cookie: token },
        );
      const key = testKey("p2tr", "mainnet");
      const made = walletChallengeSchema.parse((await ask(key.address)).json());
      const res = await postJson(
        mainnet,
        apiPaths.externalWallets.current,
        { challengeId: made.challengeId, signature: signBip322(key, made.message, "mainnet") },
        { cookie: token },
      );
      expect(res.statusCode, res.body).toBe(200);
      const refused = await ask(testKey("p2wpkh", "regtest").address);
      expect(refused.json().error.fields).toEqual({ address: externalWalletErrors.otherNetworkAddress });
    } finally {
      await mainnet.close();
    }
  });
});

describe("connecting", () => {
  it("proves ownership with a BIP-322 signature and keeps the wallet with its proof", async () => {
    const { token, userId } = await customer();
    expect(await connected(token)).toBeNull();
    const key = testKey("p2wpkh");
    const { challengeId, message } = await newChallenge(token, key.address);
    const signature = signBip322(key, message);
    const res = await connect(token, challengeId, signature);
    expect(res.statusCode, res.body).toBe(200);
    const wallet = { provider: "unisat", address: key.address, connectedAt: clock.now().toISOString() };
    expect(res.json()).toEqual({ wallet });
    expect(await connected(token)).toEqual(wallet);
    expect(await findExternalWallet(t.db, userId)).toMatchObject({
      message,
      signature,
      proofFormat: "bip322-simple",
    });
  });

  it("takes Taproot (BIP-322), P2SH-P2WPKH and the legacy format", async () => {
    const { token, userId } = await customer();
    expect((await prove(token, testKey("p2tr"), "okx")).statusCode).toBe(200);
    expect((await prove(token, testKey("p2sh"))).statusCode).toBe(200);
    for (const kind of ["p2pkh", "p2wpkh"] as const) {
      const key = testKey(kind);
      const { challengeId, message } = await newChallenge(token, key.address, "bluewallet");
      const res = await connect(token, challengeId, signLegacy(key, message));
      expect(res.statusCode, res.body).toBe(200);
      expect(await findExternalWallet(t.db, userId)).toMatchObject({
        address: key.address,
        proofFormat: "legacy",
      });
    }
  });

  it("refuses a signature by another key, of another message, or not a signature at all", async () => {
    const { token } = await customer();
    const key = testKey("p2wpkh");
    const { challengeId, message } = await newChallenge(token, key.address);
    const cases = [
      [signBip322(testKey("p2wpkh"), message), externalWalletErrors.notSigned],
      [signBip322(key, `${message} `), externalWalletErrors.notSigned],
      [signBip322(key, message).slice(0, -4), externalWalletErrors.malformedSignature],
      ["not base64!", externalWalletErrors.malformedSignature],
    ] as const;
    for (const [signature, text] of cases) {
      const res = await connect(token, challengeId, signature);
      expect(res.statusCode, signature).toBe(400);
      expect(res.json().error).toMatchObject({ code: "VALIDATION_ERROR", fields: { signature: text } });
    }
    expect(await connected(token)).toBeNull();
    // The attempts left still take the right signature.
    expect((await connect(token, challengeId, signBip322(key, message))).statusCode).toBe(200);
  });

  it("uses a challenge once", async () => {
    const { token } = await customer();
    const key = testKey("p2wpkh");
    const { challengeId, message } = await newChallenge(token, key.address);
    const signature = signBip322(key, message);
    expect((await connect(token, challengeId, signature)).statusCode).toBe(200);
    const again = await connect(token, challengeId, signature);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields).toEqual({ challengeId: externalWalletErrors.challengeGone });
  });

  it("allows a few attempts per challenge, then none, even for the right signature", async () => {
    const { token } = await customer();
    const key = testKey("p2wpkh");
    const { challengeId, message } = await newChallenge(token, key.address);
    for (let i = 0; i < CHALLENGE_MAX_ATTEMPTS; i++) {
      expect((await connect(token, challengeId, signBip322(testKey("p2wpkh"), message))).statusCode).toBe(
        400,
      );
    }
    const late = await connect(token, challengeId, signBip322(key, message));
    expect(late.statusCode).toBe(400);
    expect(late.json().error.fields).toEqual({ challengeId: externalWalletErrors.challengeGone });
  });

  it("expires: good until its time, not a moment after", async () => {
    const { token } = await customer();
    const key = testKey("p2wpkh");
    const first = await newChallenge(token, key.address);
    clock.advance(CHALLENGE_TTL_MS - 1);
    expect((await connect(token, first.challengeId, signBip322(key, first.message))).statusCode).toBe(200);

    const second = await newChallenge(token, key.address);
    clock.advance(CHALLENGE_TTL_MS);
    const late = await connect(token, second.challengeId, signBip322(key, second.message));
    expect(late.statusCode).toBe(400);
    expect(late.json().error.fields).toEqual({ challengeId: externalWalletErrors.challengeGone });
  });

  it("is bound to its customer: another's challenge, an unknown one or a replaced one is not found", async () => {
    const alice = await customer();
    const bob = await customer();
    const key = testKey("p2wpkh");
    const hers = await newChallenge(alice.token, key.address);
    const signature = signBip322(key, hers.message);
    expect((await connect(bob.token, hers.challengeId, signature)).statusCode).toBe(404);
    expect(await connected(bob.token)).toBeNull();
    expect((await connect(alice.token, crypto.randomUUID(), signature)).statusCode).toBe(404);
    expect((await connect(alice.token, "not-a-uuid", signature)).statusCode).toBe(404);
    // Asking again replaces the earlier message: it stops working.
    await newChallenge(alice.token, key.address);
    expect((await connect(alice.token, hers.challengeId, signature)).statusCode).toBe(404);
  });

  it("keeps one wallet per customer: connecting another replaces it", async () => {
    const { token, userId } = await customer();
    const first = testKey("p2wpkh");
    const second = testKey("p2tr");
    expect((await prove(token, first)).statusCode).toBe(200);
    expect((await prove(token, second, "okx")).statusCode).toBe(200);
    expect(await connected(token)).toMatchObject({ provider: "okx", address: second.address });
    expect(await findExternalWallet(t.db, userId)).toMatchObject({ address: second.address });
  });
});

describe("disconnecting", () => {
  it("forgets the wallet; with none connected it is a 404", async () => {
    const { token, userId } = await customer();
    expect((await prove(token, testKey("p2wpkh"))).statusCode).toBe(200);
    const res = await postJson(t, apiPaths.externalWallets.disconnect, {}, { cookie: token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ wallet: null });
    expect(await connected(token)).toBeNull();
    expect(await findExternalWallet(t.db, userId)).toBeUndefined();
    expect((await postJson(t, apiPaths.externalWallets.disconnect, {}, { cookie: token })).statusCode).toBe(
      404,
    );
  });
});

describe("access", () => {
  it("is for signed-in customers: 401 signed out, 403 for staff", async () => {
    const key = testKey("p2wpkh");
    const calls = (cookie?: string) => [
      getJson(t, apiPaths.externalWallets.current, cookie ? { cookie } : {}),
      postJson(
        t,
        apiPaths.externalWallets.challenges,
        { provider: "unisat", address: key.address },
        { cookie },
      ),
      postJson(
        t,
        apiPaths.externalWallets.current,
        { challengeId: crypto.randomUUID(), signature: "AAAA" },
        { cookie },
      ),
      postJson(t, apiPaths.externalWallets.disconnect, {}, { cookie }),
    ];
    for (const res of await Promise.all(calls())) expect(res.statusCode, res.body).toBe(401);
    const ctx = {
      db: t.db,
      clock: systemClock,
      limiter: createRateLimiter({ db: t.db, clock: systemClock }),
    };
    await createStaff({
      ctx,
      name: "Staff",
      email: "wallet-staff@example.com",
      password: "staff-password-1",
    });
    const { token } = await signIn(t, { email: "wallet-staff@example.com", password: "staff-password-1" });
    for (const res of await Promise.all(calls(token))) expect(res.statusCode, res.body).toBe(403);
  });

  it("limits the messages a customer asks for", async () => {
    const { token } = await customer();
    const key = testKey("p2wpkh");
    for (let i = 0; i < 30; i++) expect((await challenge(token, key.address)).statusCode).toBe(201);
    expect((await challenge(token, key.address)).statusCode).toBe(429);
  });
});
