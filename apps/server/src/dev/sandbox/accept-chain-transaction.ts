import { Transaction } from "@scure/btc-signer";
import { scriptAddress } from "../../bitcoin/chain/decode-transaction.js";
import { SandboxRefusal } from "../../bitcoin/chain/sandbox-controls.js";
import type { Db } from "../../db/client.js";
import { COINBASE_MATURITY } from "./blocks.js";
import {
  findChainTransaction,
  findOutputs,
  findTip,
  insertChainTransaction,
  markSpent,
  type SandboxOutputRow,
} from "./queries.js";
import { RPC_ERROR } from "./rpc-errors.js";
import { verifySpends } from "./verify-spends.js";

const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

export function decode(hex: string): Transaction {
  try {
    if (!/^([0-9a-f]{2})+$/i.test(hex)) throw new Error("not hex");
    return Transaction.fromRaw(Buffer.from(hex, "hex"), {
      allowUnknownOutputs: true,
      allowUnknownInputs: true,
      disableScriptCheck: true,
    });
  } catch {
    throw new SandboxRefusal(RPC_ERROR.DESERIALIZATION_ERROR, "TX decode failed");
  }
}

export function outputsOf(tx: Transaction, txid: string): SandboxOutputRow[] {
  const outputs: SandboxOutputRow[] = [];
  for (let vout = 0; vout < tx.outputsLength; vout++) {
    const { script, amount } = tx.getOutput(vout);
    if (script === undefined || amount === undefined) {
      throw new SandboxRefusal(RPC_ERROR.DESERIALIZATION_ERROR, "TX decode failed");
    }
    outputs.push({
      txid,
      vout,
      valueSats: amount,
      script: toHex(script),
      address: scriptAddress(script, "regtest"),
      spentBy: null,
    });
  }
  return outputs;
}

/**
 * Accepts a decoded transaction into the mempool, under the node's lock, as a node would: its inputs
 * exist and are unspent (a coinbase only after 100 confirmations), its outputs do not exceed its inputs
 * and every input's signature verifies. A transaction already in the mempool answers its txid again.
 */
export async function acceptChainTransaction(
  db: Db,
  tx: Transaction,
  hex: string,
  now: () => Date,
): Promise<string> {
  const txid = tx.id;
  const known = await findChainTransaction(db, txid);
  if (known !== undefined) {
    if (known.blockHeight !== null) {
      throw new SandboxRefusal(RPC_ERROR.VERIFY_ALREADY_IN_CHAIN, "Transaction outputs already in utxo set");
    }
    // Bitcoin Core answers the txid again for a transaction already in its mempool.
    return txid;
  }
  if (tx.inputsLength === 0) throw new SandboxRefusal(RPC_ERROR.VERIFY_REJECTED, "bad-txns-vin-empty");
  if (tx.outputsLength === 0) throw new SandboxRefusal(RPC_ERROR.VERIFY_REJECTED, "bad-txns-vout-empty");

  const outpoints = [];
  for (let i = 0; i < tx.inputsLength; i++) {
    const input = tx.getInput(i);
    if (input.txid === undefined || input.index === undefined) {
      throw new SandboxRefusal(RPC_ERROR.DESERIALIZATION_ERROR, "TX decode failed");
    }
    outpoints.push({ txid: toHex(input.txid), vout: input.index });
  }
  if (new Set(outpoints.map((o) => `${o.txid}:${o.vout}`)).size !== outpoints.length) {
    throw new SandboxRefusal(RPC_ERROR.VERIFY_REJECTED, "bad-txns-inputs-duplicate");
  }
  const found = await findOutputs(db, outpoints);
  const tip = await findTip(db);
  const prevouts = [];
  for (const outpoint of outpoints) {
    const output = found.find((row) => row.txid === outpoint.txid && row.vout === outpoint.vout);
    if (output === undefined) {
      throw new SandboxRefusal(RPC_ERROR.VERIFY_ERROR, "bad-txns-inputs-missingorspent");
    }
    if (output.spentBy !== null) {
      const spender = await findChainTransaction(db, output.spentBy);
      throw spender?.blockHeight === null
        ? new SandboxRefusal(RPC_ERROR.VERIFY_REJECTED, "txn-mempool-conflict")
        : new SandboxRefusal(RPC_ERROR.VERIFY_ERROR, "bad-txns-inputs-missingorspent");
    }
    if (output.coinbase) {
      const confirmations = output.blockHeight === null ? 0 : (tip?.height ?? 0) - output.blockHeight + 1;
      if (confirmations < COINBASE_MATURITY) {
        throw new SandboxRefusal(RPC_ERROR.VERIFY_REJECTED, "bad-txns-premature-spend-of-coinbase");
      }
    }
    prevouts.push({ script: Buffer.from(output.script, "hex"), amount: output.valueSats });
  }
  const inputSum = prevouts.reduce((sum, prevout) => sum + prevout.amount, 0n);
  const outputs = outputsOf(tx, txid);
  const outputSum = outputs.reduce((sum, output) => sum + output.valueSats, 0n);
  if (outputSum > inputSum) throw new SandboxRefusal(RPC_ERROR.VERIFY_REJECTED, "bad-txns-in-belowout");
  const failure = verifySpends(tx, prevouts);
  if (failure !== null) throw new SandboxRefusal(RPC_ERROR.VERIFY_REJECTED, failure);

  await insertChainTransaction(
    db,
    {
      txid,
      hex,
      coinbase: false,
      feeSats: inputSum - outputSum,
      blockHeight: null,
      position: null,
      receivedAt: now(),
    },
    outputs,
  );
  await markSpent(db, outpoints, txid);
  return txid;
}
