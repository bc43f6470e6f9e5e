import { Address, OutScript, Transaction } from "@scure/btc-signer";
import { type BitcoinNetwork, networkParams } from "../network.js";
import { ChainBackendError, type ChainOutput, type ChainTransaction } from "./chain-backend.js";

const COINBASE_TXID = "0".repeat(64);
const COINBASE_INDEX = 0xffff_ffff;

const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

/** The address an output script pays on `network`, or null for a script without one (OP_RETURN…). */
export function scriptAddress(script: Uint8Array, network: BitcoinNetwork): string | null {
  try {
    return Address(networkParams[network].params).encode(OutScript.decode(script));
  } catch {
    return null;
  }
}

/**
 * A raw transaction (hex) decoded into what the server reads: its txid, the outputs it spends and the
 * outputs it makes, amounts in satoshis exactly as serialised. Every adapter decodes with this, so an
 * amount never passes through a float. Throws ChainBackendError("invalid-response") on bytes that are
 * not a transaction.
 */
export function decodeTransaction(hex: string, network: BitcoinNetwork): ChainTransaction {
  let tx: Transaction;
  try {
    tx = Transaction.fromRaw(Buffer.from(hex, "hex"), {
      allowUnknownOutputs: true,
      allowUnknownInputs: true,
      disableScriptCheck: true,
      allowLegacyWitnessUtxo: true,
    });
  } catch (error) {
    throw new ChainBackendError("invalid-response", `Not a raw transaction: ${(error as Error).message}`);
  }
  const inputs = [];
  for (let i = 0; i < tx.inputsLength; i++) {
    const input = tx.getInput(i);
    if (input.txid === undefined || input.index === undefined) {
      throw new ChainBackendError("invalid-response", `Input ${i} has no outpoint`);
    }
    const txid = toHex(input.txid);
    if (txid === COINBASE_TXID && input.index === COINBASE_INDEX) continue;
    inputs.push({ txid, vout: input.index });
  }
  const outputs: ChainOutput[] = [];
  for (let vout = 0; vout < tx.outputsLength; vout++) {
    const output = tx.getOutput(vout);
    if (output.script === undefined || output.amount === undefined) {
      throw new ChainBackendError("invalid-response", `Output ${vout} has no script or amount`);
    }
    outputs.push({
      vout,
      valueSats: output.amount,
      address: scriptAddress(output.script, network),
      script: toHex(output.script),
    });
  }
  return { txid: tx.id, inputs, outputs, hex: hex.toLowerCase() };
}
