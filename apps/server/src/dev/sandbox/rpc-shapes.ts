import { Address, OutScript, Transaction } from "@scure/btc-signer";
import { displayHex, sha256d } from "../../bitcoin/hashes.js";
import { networkParams } from "../../bitcoin/network.js";
import type { SandboxBlockRow, SandboxChainTransactionRow } from "./queries.js";

// The shapes Bitcoin Core's JSON-RPC describes transactions and block headers in (getrawtransaction,
// getblock, getblockheader), for the sandbox node's answers.

const REGTEST = networkParams.regtest.params;

/** Regtest's difficulty as getblock reports it. */
export const REGTEST_DIFFICULTY = 4.656542373906925e-10;

export const btc = (sats: bigint) => Number(sats) / 1e8;
export const unixTime = (date: Date) => Math.floor(date.getTime() / 1000);

function decoded(hex: string): Transaction {
  return Transaction.fromRaw(Buffer.from(hex, "hex"), {
    allowUnknownOutputs: true,
    allowUnknownInputs: true,
    disableScriptCheck: true,
  });
}

/** A transaction as getrawtransaction and getblock (verbosity 2) describe it. */
export function describeChainTransaction(row: SandboxChainTransactionRow) {
  const tx = decoded(row.hex);
  const raw = Buffer.from(row.hex, "hex");
  const vin = [];
  for (let i = 0; i < tx.inputsLength; i++) {
    const input = tx.getInput(i);
    const scriptSig = Buffer.from(input.finalScriptSig ?? new Uint8Array()).toString("hex");
    const sequence = input.sequence ?? 0xffff_ffff;
    if (row.coinbase) {
      vin.push({ coinbase: scriptSig, sequence });
    } else {
      vin.push({
        txid: Buffer.from(input.txid ?? new Uint8Array()).toString("hex"),
        vout: input.index,
        scriptSig: { asm: "", hex: scriptSig },
        ...(input.finalScriptWitness
          ? { txinwitness: input.finalScriptWitness.map((item) => Buffer.from(item).toString("hex")) }
          : {}),
        sequence,
      });
    }
  }
  const vout = [];
  for (let n = 0; n < tx.outputsLength; n++) {
    const output = tx.getOutput(n);
    const script = Buffer.from(output.script ?? new Uint8Array()).toString("hex");
    vout.push({ value: btc(output.amount ?? 0n), n, scriptPubKey: describeScript(script) });
  }
  return {
    txid: row.txid,
    hash: displayHex(sha256d(raw)),
    version: tx.version,
    size: raw.length,
    vsize: tx.vsize,
    weight: tx.weight,
    locktime: tx.lockTime,
    vin,
    vout,
    ...(row.coinbase ? {} : { fee: btc(row.feeSats) }),
    hex: row.hex,
  };
}

/** An output script (hex) as Bitcoin Core's scriptPubKey object gives it: its hex, type and address. */
export function describeScript(hex: string): { hex: string; type: string; address?: string } {
  let type = "nonstandard";
  let address: string | undefined;
  try {
    const decoded = OutScript.decode(Buffer.from(hex, "hex"));
    type = decoded.type;
    address = Address(REGTEST).encode(decoded);
  } catch {
    // A script the decoder does not know stays "nonstandard", without an address.
  }
  return { hex, type: coreScriptType(type), ...(address === undefined ? {} : { address }) };
}

function coreScriptType(type: string): string {
  const names: Record<string, string> = {
    wpkh: "witness_v0_keyhash",
    wsh: "witness_v0_scripthash",
    tr: "witness_v1_taproot",
    pkh: "pubkeyhash",
    sh: "scripthash",
    pk: "pubkey",
    ms: "multisig",
  };
  return names[type] ?? "nonstandard";
}

export function describeHeader(block: SandboxBlockRow, tipHeight: number, next: SandboxBlockRow | undefined) {
  const header = Buffer.from(block.header, "hex");
  return {
    hash: block.hash,
    confirmations: tipHeight - block.height + 1,
    height: block.height,
    version: header.readInt32LE(0),
    versionHex: header.readUInt32LE(0).toString(16).padStart(8, "0"),
    merkleroot: displayHex(header.subarray(36, 68)),
    time: unixTime(block.time),
    mediantime: unixTime(block.time),
    nonce: header.readUInt32LE(76),
    bits: header.readUInt32LE(72).toString(16).padStart(8, "0"),
    difficulty: REGTEST_DIFFICULTY,
    ...(block.height === 0 ? {} : { previousblockhash: block.previousHash }),
    ...(next === undefined ? {} : { nextblockhash: next.hash }),
  };
}
