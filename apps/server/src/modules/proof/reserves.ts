import { type ReservesStatus, vaultTexts } from "@satsbank/shared";
import { fromHex, reservesMessage } from "@satsbank/verify";
import { Transaction } from "@scure/btc-signer";
import type { Outpoint, OutputState } from "../../bitcoin/chain/chain-backend.js";
import { CHANGE_CHAIN, deriveAddress } from "../../bitcoin/keys.js";
import { outputScript } from "../../bitcoin/payout-transaction.js";
import { buildReservesPsbt, type HotProofCoin, RESERVES_TX_OPTIONS } from "../../bitcoin/reserves/psbt.js";
import { readPsbt, type VaultCoin, validVaultSignatures, vaultOutput } from "../../bitcoin/vault/index.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { AppError } from "../../domain/app-error.js";
import type { StaffActor } from "../../domain/staff.js";
import { recordAuditEvent } from "../audit/index.js";
import { type MergeVerdict, mergeSignatures, type RefillInput, vaultId } from "../vault/index.js";
import type { ProofContext, ReservesSettings } from "./context.js";
import { findEpoch, type ProofEpochRow } from "./queries.js";
import {
  findReserves,
  insertReserves,
  lockReserves,
  type ReservesRow,
  updateReserves,
} from "./reserves-queries.js";

// An epoch's reserves proof (docs/proof-of-reserves.md, "The reserves proof"): stored with the epoch, in its
// db transaction, over the coins the books held in the epoch's snapshot that the chain backend shows unspent
// at the epoch's block (never the books' word alone); the hot wallet's signed at once, the vault's waiting
// for two key holders' signatures, which staff bring one PSBT at a time.

export const reservesTexts = {
  noReserves: "This epoch has no reserves proof.",
  notAwaiting: (status: string) => `This epoch's reserves proof is ${status}: it takes no more signatures.`,
  otherVault: "This reserves proof spends the coins of another vault than the one configured now.",
} as const;

const statusWords: Record<ReservesStatus, string> = {
  awaiting_signatures: "waiting for the vault's signatures",
  covered: "complete and covers the liabilities",
  failing: "complete and falls short of the liabilities",
};

/** The coins the books held in the epoch's snapshot, the hot wallet's and the vault's. */
export type SnapshotCoins = { hot: HotProofCoin[]; vault: VaultCoin[] };

/**
 * The coins of `coins` the chain shows unspent at `height`: unspent now and confirmed at or below it, or
 * spent by a transaction still in the mempool or mined above it (then as the books value them). A coin made
 * after the block, spent at or below it, or unknown to the backend is left out.
 */
async function unspentAt<T extends Outpoint & { valueSats: bigint }>(
  chain: ReservesSettings["chain"],
  coins: readonly T[],
  height: number,
): Promise<T[]> {
  if (coins.length === 0) return [];
  const tip = await chain.tip();
  const states: OutputState[] = await chain.outputs(coins);
  const kept: T[] = [];
  for (const [i, coin] of coins.entries()) {
    const state = states[i] ?? { state: "unknown" };
    if (state.state === "unspent") {
      if (state.confirmations >= 1 && tip.height - state.confirmations + 1 <= height)
        kept.push({ ...coin, valueSats: state.valueSats });
    } else if (state.state === "spent") {
      const spender = state.spentBy === null ? null : await chain.transactionStatus(state.spentBy);
      const spentAbove =
        state.spentBy === null || (spender !== null && (spender.blockHeight ?? Infinity) > height);
      if (spentAbove) kept.push(coin);
    }
  }
  return kept;
}

const verdictOf = (total: bigint, liabilities: bigint): ReservesStatus =>
  total >= liabilities ? "covered" : "failing";

/** The snapshot's coins the chain shows unspent at `height` (see unspentAt), asked one kind after the other. */
export async function coinsShownAt(
  settings: ReservesSettings,
  coins: SnapshotCoins,
  height: number,
): Promise<SnapshotCoins> {
  const hot = await unspentAt(settings.chain, coins.hot, height);
  const vault = settings.coldVault === null ? [] : await unspentAt(settings.chain, coins.vault, height);
  return { hot, vault };
}

/**
 * Makes and stores the epoch's reserves proof, in the epoch's own db transaction: the commitment to the
 * epoch's message, the coins the chain showed (`shown`), the hot coins signed, one output of the sum to the
 * hot wallet's first change address. Complete at once without vault coins (covered or failing); else it
 * awaits the key holders.
 */
export async function storeReservesProof(
  db: ProofContext["db"],
  ctx: Pick<ProofContext, "brandName" | "clock">,
  settings: ReservesSettings,
  epoch: Pick<ProofEpochRow, "epoch" | "rootHash" | "total">,
  shown: SnapshotCoins,
): Promise<ReservesRow> {
  const vault = settings.coldVault;
  const message = reservesMessage(
    ctx.brandName,
    BigInt(epoch.epoch),
    fromHex(epoch.rootHash, "the root", 32),
  );
  const keys = settings.walletKeys;
  const payTo = outputScript(deriveAddress(keys.account, keys.network, CHANGE_CHAIN, 0), keys);
  const made = buildReservesPsbt({
    message,
    keys,
    hotCoins: shown.hot,
    vault,
    vaultCoins: shown.vault,
    payTo,
  });
  const now = ctx.clock.now();
  const complete = made.vaultInputs.length === 0;
  const row: ReservesRow = {
    epoch: epoch.epoch,
    status: complete ? verdictOf(made.total, epoch.total) : "awaiting_signatures",
    message,
    total: made.total,
    coinCount: shown.hot.length + shown.vault.length,
    psbt: Buffer.from(made.tx.toPSBT()).toString("base64"),
    vault: vault === null || shown.vault.length === 0 ? null : vaultId(vault),
    vaultInputs: made.vaultInputs.map(({ input, coin }) => ({ input, chain: coin.chain, index: coin.index })),
    createdAt: now,
    completedAt: complete ? now : null,
  };
  await insertReserves(db, row);
  return row;
}

const storedTx = (row: Pick<ReservesRow, "psbt">) =>
  Transaction.fromPSBT(Buffer.from(row.psbt, "base64"), RESERVES_TX_OPTIONS);

/**
 * A key holder's signed PSBT of an epoch's reserves proof, uploaded by staff, in one db transaction under
 * the proof's row lock: refused unless it still awaits signatures (409), the vault is the one configured
 * (409) and the upload is this proof's transaction (400); the vault signatures that verify are kept (as a
 * refill's are), the rest named. Once two keys signed every vault coin, the proof is complete: covered, or
 * failing against the epoch's liabilities (the solvency watchdog raises that). Audited.
 */
export async function uploadReservesSignatures({
  ctx,
  staff,
  epoch,
  psbt,
}: {
  ctx: ProofContext;
  staff: StaffActor;
  epoch: number;
  psbt: string;
}): Promise<{ status: ReservesStatus; verdict: MergeVerdict }> {
  const vault = ctx.reserves?.coldVault ?? null;
  const uploaded = readPsbt(psbt, RESERVES_TX_OPTIONS);
  return inDbTransaction(ctx.db, async (db) => {
    const row = await lockReserves(db, epoch);
    if (row === undefined) throw new AppError("NOT_FOUND", reservesTexts.noReserves);
    if (row.status !== "awaiting_signatures")
      throw new AppError("CONFLICT", reservesTexts.notAwaiting(statusWords[row.status]));
    if (uploaded === null) throw new AppError("BAD_REQUEST", vaultTexts.notPsbt);
    if (vault === null || row.vault !== vaultId(vault))
      throw new AppError("CONFLICT", reservesTexts.otherVault);
    const stored = storedTx(row);
    const scratch = storedTx(row);
    const inputs: (RefillInput | null)[] = Array.from({ length: stored.inputsLength }, () => null);
    for (const { input, chain, index } of row.vaultInputs) {
      const { txid, index: vout, witnessUtxo } = stored.getInput(input);
      if (txid === undefined || vout === undefined || witnessUtxo === undefined)
        throw new Error(`epoch ${epoch}: the reserves proof's input ${input} states no coin`);
      const coin = {
        txid: Buffer.from(txid).toString("hex"),
        vout,
        valueSats: witnessUtxo.amount,
        chain,
        index,
      };
      inputs[input] = { coin, output: vaultOutput(vault, chain, index) };
      scratch.updateInput(input, { partialSig: undefined }, true);
    }
    const verdict = mergeSignatures({ stored, scratch, txid: stored.id, inputs, uploaded });
    const complete = row.vaultInputs.every(
      ({ input }) => validVaultSignatures(stored, input, (inputs[input] as RefillInput).output).length >= 2,
    );
    const liabilities = await epochTotal(db, epoch);
    const status: ReservesStatus = complete ? verdictOf(row.total, liabilities) : "awaiting_signatures";
    const at = ctx.clock.now();
    await updateReserves(db, epoch, {
      psbt: Buffer.from(stored.toPSBT()).toString("base64"),
      status,
      completedAt: complete ? at : null,
    });
    await recordAuditEvent(db, {
      staff,
      action: "proof.reserves_signed",
      target: { type: "proof_epoch", id: String(epoch) },
      details: { added: verdict.added, ignored: verdict.ignored, status },
      at,
    });
    return { status, verdict };
  });
}

async function epochTotal(db: ProofContext["db"], epoch: number): Promise<bigint> {
  const row = await findEpoch(db, epoch);
  if (row === undefined) throw new AppError("NOT_FOUND", reservesTexts.noReserves);
  return row.total;
}

/** The epoch's reserves PSBT as a file for the key holders (with every signature gathered so far). */
export async function reservesPsbtFile(
  ctx: Pick<ProofContext, "db">,
  epoch: number,
): Promise<{ fileName: string; base64: string }> {
  const row = await findReserves(ctx.db, epoch);
  if (row === undefined) throw new AppError("NOT_FOUND", reservesTexts.noReserves);
  return { fileName: `reserves-epoch-${epoch}.psbt`, base64: row.psbt };
}
