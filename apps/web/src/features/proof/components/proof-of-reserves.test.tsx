import { schnorr, secp256k1 } from "@noble/curves/secp256k1.js";
import type { EpochList, EpochProof } from "@satsbank/shared";
import {
  buildLevels,
  commitmentTxid,
  type EpochRoot,
  leafNode,
  pathOf,
  reservesMessage,
  type SumNode,
  signRoot,
  toHex,
} from "@satsbank/verify";
import * as btc from "@scure/btc-signer";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { customer } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { apiError, stubApi } from "@/test/stub-api";
import type { MyLeafWire } from "../api/get-my-leaf";

// A real small tree, built and signed here with the verifier's own definitions: the page must accept it,
// and must name what failed when any part of it is changed.

const BANK_KEY = new Uint8Array(32).fill(7);
const OTHER_KEY = new Uint8Array(32).fill(9);
const salt = (byte: number) => new Uint8Array(32).fill(byte);

// Five customers (ours is account 17 with 0.00746000 BTC; 12.34567890 BTC in all), padded to eight,
// in a shuffled order: ours at position 5.
const CUSTOMERS = [
  { salt: salt(1), accountId: 3n, balance: 1_000_000_000n },
  { salt: salt(2), accountId: 0n, balance: 0n },
  { salt: salt(3), accountId: 9n, balance: 233_821_890n },
  { salt: salt(4), accountId: 0n, balance: 0n },
  { salt: salt(5), accountId: 12n, balance: 0n },
  { salt: salt(6), accountId: 17n, balance: 746_000n },
  { salt: salt(7), accountId: 0n, balance: 0n },
  { salt: salt(8), accountId: 4n, balance: 0n },
];
const OURS = 5;
const levels = buildLevels(CUSTOMERS.map(leafNode));
const top = levels[levels.length - 1]?.[0] as SumNode;

const BLOCK_HASH = "00000000000000000002a7c4c1e48d76c5a37902165a270156b7a8d72728a054";

function epochRoot(total: bigint = top.sum): EpochRoot {
  return {
    epoch: 42n,
    rootHash: top.hash,
    total,
    leafCount: 5n,
    ledgerPosition: 98_765n,
    blockHeight: 1234n,
    blockHash: Uint8Array.from(BLOCK_HASH.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16)),
    time: 1_795_000_000n,
  };
}

function epochProof({ total = top.sum, key = BANK_KEY } = {}): EpochProof {
  const root = epochRoot(total);
  return {
    bank: { name: "Satsbank", publicKey: toHex(schnorr.getPublicKey(BANK_KEY)), keyPath: "m/7731'/0'" },
    root: {
      epoch: "42",
      rootHash: toHex(root.rootHash),
      total: total.toString(),
      leafCount: "5",
      ledgerPosition: "98765",
      blockHeight: "1234",
      blockHash: BLOCK_HASH,
      time: "1795000000",
    },
    signature: toHex(signRoot(root, key)),
    depth: 3,
    reserves: null,
  };
}

function myLeaf(): MyLeafWire {
  const ours = CUSTOMERS[OURS] as (typeof CUSTOMERS)[number];
  return {
    epoch: "42",
    index: OURS,
    salt: toHex(ours.salt),
    accountId: "17",
    balance: ours.balance.toString(),
    path: pathOf(levels, OURS).map((node) => ({ hash: toHex(node.hash), sum: node.sum.toString() })),
  };
}

const epochs: EpochList = {
  epochs: [
    {
      epoch: 42,
      builtAt: "2026-11-18T00:00:00.000Z",
      blockHeight: 1234,
      total: top.sum.toString(),
      leafCount: 5,
      reserves: null,
    },
  ],
};

// The reserves proof: one hot coin of 13 BTC, signed for epoch 42's commitment (or another epoch's).
const HOT_KEY = new Uint8Array(32).fill(11);
const hot = btc.p2wpkh(secp256k1.getPublicKey(HOT_KEY, true));
function reserves(
  epoch = 42n,
  status: "covered" | "awaiting_signatures" = "covered",
): EpochProof["reserves"] {
  const message = reservesMessage("Satsbank", 42n, top.hash);
  const tx = new btc.Transaction({ allowUnknownInputs: true });
  tx.addInput({ txid: commitmentTxid(reservesMessage("Satsbank", epoch, top.hash)), index: 0 });
  tx.addInput({
    txid: "aa".repeat(32),
    index: 0,
    witnessUtxo: { script: hot.script, amount: 1_300_000_000n },
  });
  tx.addOutput({ script: hot.script, amount: 1_300_000_000n });
  tx.signIdx(HOT_KEY, 1);
  return {
    status,
    message,
    blockHeight: "1234",
    blockHash: BLOCK_HASH,
    total: "1300000000",
    coinCount: 1,
    psbt: btoa(String.fromCharCode(...tx.toPSBT())),
  };
}

function showProof(proof: EpochProof, mine: MyLeafWire | Response) {
  stubApi({
    user: customer,
    routes: {
      "GET /api/proof": () => epochs,
      "GET /api/proof/42": () => proof,
      "GET /api/proof/42/me": () => mine,
    },
  });
  renderRoute("/profile/proof-of-reserves");
}

const PATH_FAILS = /Your path does not lead to the published root/;
const SUM_FAILS = "The sums along your path do not add up to the bank's published total liabilities.";
const SIGNATURE_FAILS = "The bank's signature on this epoch does not verify with its published key.";

async function failures(): Promise<string[]> {
  const alert = await screen.findByRole("alert");
  expect(within(alert).getByText("This proof does not verify. Your browser found:")).toBeInTheDocument();
  expect(screen.queryByRole("img", { name: "Verified" })).not.toBeInTheDocument();
  return within(alert)
    .getAllByRole("listitem")
    .map((item) => item.textContent ?? "");
}

describe("Profile > Proof of Reserves", () => {
  it("checks a good proof in the browser: the balance is in the signed total, with a check mark", async () => {
    showProof(epochProof(), myLeaf());
    expect(await screen.findByRole("heading", { level: 1, name: "Proof of Reserves" })).toBeInTheDocument();
    const verdict = await screen.findByText(
      "Your balance of 0.00746000 BTC is included in the bank's total liabilities of 12.34567890 BTC (epoch 42, block 1,234)",
    );
    expect(verdict.parentElement).toContainElement(screen.getByRole("img", { name: "Verified" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    // No check mark for what is not yet proven.
    expect(screen.getByText("Reserves on the chain: not yet published for this epoch.")).toBeInTheDocument();
    const facts = screen.getByRole("region", { name: "What the bank signed" });
    expect(within(facts).getByText(toHex(schnorr.getPublicKey(BANK_KEY)))).toBeInTheDocument();
    expect(within(facts).getByText("m/7731'/0'")).toBeInTheDocument();
    expect(within(facts).getByText(BLOCK_HASH)).toBeInTheDocument();
    expect(within(facts).getByText("Ledger position").nextSibling).toHaveTextContent("98,765");
    expect(
      within(facts).getByText(/Your path shows the sums of 3 neighbouring subtrees/),
    ).toBeInTheDocument();
    expect(within(facts).getByText(/leaves are shuffled anew for each epoch/)).toBeInTheDocument();
  });

  it("checks the reserves proof in the browser: the coins' sum with a check mark", async () => {
    showProof({ ...epochProof(), reserves: reserves() }, myLeaf());
    const line = await screen.findByText("Reserves on the chain: 13.00000000 BTC");
    expect(line.parentElement).toContainElement(screen.getAllByRole("img", { name: "Verified" })[1] ?? null);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("names a reserves proof signed for another epoch, and says when the vault has not signed yet", async () => {
    showProof({ ...epochProof(), reserves: reserves(41n) }, myLeaf());
    const alert = await screen.findByRole("alert");
    expect(
      within(alert).getByText("The reserves proof does not verify. Your browser found:"),
    ).toBeInTheDocument();
    expect(within(alert).getByText(/input 0 is not the commitment to/)).toBeInTheDocument();
    expect(screen.queryByText(/^Reserves on the chain: 13/)).not.toBeInTheDocument();
  });

  it("says the reserves wait for the vault's key holders", async () => {
    showProof({ ...epochProof(), reserves: reserves(42n, "awaiting_signatures") }, myLeaf());
    expect(
      await screen.findByText(
        "Reserves on the chain: waiting for the vault's key holders to sign this epoch's proof.",
      ),
    ).toBeInTheDocument();
  });

  it("is linked from the profile menu", async () => {
    showProof(epochProof(), myLeaf());
    const menu = await screen.findByRole("navigation", { name: "Profile" });
    const link = within(menu).getByRole("link", { name: "Proof of Reserves" });
    expect(link).toHaveAttribute("href", "/profile/proof-of-reserves");
    expect(link).toHaveAttribute("aria-current", "page");
  });

  it("is linked from the dashboard", async () => {
    stubApi({ user: customer });
    renderRoute("/dashboard");
    const link = await screen.findByRole("link", { name: "Check the proof of reserves" });
    expect(link).toHaveAttribute("href", "/profile/proof-of-reserves");
  });

  it("names a changed sum on the path", async () => {
    const mine = myLeaf();
    // The left half of the tree (other customers' 12.33821890 BTC), lowered by 1,000 sats.
    const sibling = mine.path[2] as MyLeafWire["path"][number];
    expect(sibling.sum).toBe("1233821890");
    mine.path[2] = { ...sibling, sum: (BigInt(sibling.sum) - 1000n).toString() };
    showProof(epochProof(), mine);
    const found = await failures();
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(PATH_FAILS);
    expect(found[1]).toBe(SUM_FAILS);
  });

  it("names a changed balance: the leaf rebuilt from it does not lead to the signed root", async () => {
    showProof(epochProof(), { ...myLeaf(), balance: "846000" });
    const found = await failures();
    expect(found[0]).toMatch(PATH_FAILS);
    expect(found).toContain(SUM_FAILS);
    expect(found).not.toContain(SIGNATURE_FAILS);
  });

  it("names a signature by another key than the published one", async () => {
    showProof(epochProof({ key: OTHER_KEY }), myLeaf());
    expect(await failures()).toEqual([SIGNATURE_FAILS]);
  });

  it("names a signed total that is not the tree's sum", async () => {
    showProof(epochProof({ total: top.sum + 1n }), myLeaf());
    expect(await failures()).toEqual([SUM_FAILS]);
  });

  it("names a sum on the path that is not an amount, and a path for another epoch", async () => {
    const mine = { ...myLeaf(), epoch: "41" };
    mine.path[0] = { ...(mine.path[0] as MyLeafWire["path"][number]), sum: "18446744073709551616" };
    showProof(epochProof(), mine);
    expect(await failures()).toEqual([
      "Your leaf and path are for epoch 41, not epoch 42.",
      "The sum on your path at level 1 is not an amount.",
    ]);
  });

  it("says when the epoch has no leaf for the customer", async () => {
    showProof(epochProof(), apiError(404, "NOT_FOUND", "Not found"));
    expect(await screen.findByText(/Epoch 42 has no leaf for your account/)).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: "Verified" })).not.toBeInTheDocument();
  });

  it("says when no epoch is published yet", async () => {
    stubApi({ user: customer, routes: { "GET /api/proof": () => ({ epochs: [] }) } });
    renderRoute("/profile/proof-of-reserves");
    expect(await screen.findByText(/No epoch has been published yet/)).toBeInTheDocument();
  });

  it("offers to try again when the proof cannot be loaded", async () => {
    stubApi({
      user: customer,
      routes: { "GET /api/proof": () => apiError(500, "INTERNAL", "Something went wrong") },
    });
    renderRoute("/profile/proof-of-reserves");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The proof of reserves could not be loaded.");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
