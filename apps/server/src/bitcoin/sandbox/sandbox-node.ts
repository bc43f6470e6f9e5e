import { randomBytes } from "node:crypto";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { Address, OutScript, p2wpkh, Transaction } from "@scure/btc-signer";
import type { Db } from "../../db/client.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { scriptAddress } from "../chain/decode-transaction.js";
import { networkParams } from "../network.js";
import {
  blockSubsidy,
  COINBASE_MATURITY,
  coinbaseTransaction,
  GENESIS_PREVIOUS_HASH,
  merkleRoot,
  mineHeader,
} from "./blocks.js";
import {
  confirmTransactions,
  deleteBlocksAbove,
  deleteTransactions,
  findBlockByHash,
  findBlockByHeight,
  findBlocksAbove,
  findBlockTransactions,
  findMempool,
  findOutputs,
  findSpenders,
  findTip,
  findTransaction,
  findTransactionsAbove,
  findUnspentOf,
  insertBlock,
  insertNode,
  insertTransaction,
  lockNode,
  markSpent,
  type SandboxBlockRow,
  type SandboxOutputRow,
  type SandboxTransactionRow,
  unconfirmTransactionsAbove,
} from "./queries.js";
import { verifySpends } from "./verify-spends.js";

/** Blocks mined when the node starts empty: the first block's reward is then mature for the faucet. */
const FIRST_BLOCKS = COINBASE_MATURITY + 1;
/** The faucet pays this fee rate (sat/vB) on what it sends. */
const FAUCET_FEE_RATE = 2n;
const REGTEST = networkParams.regtest.params;
const regtestAddress = Address(REGTEST);

/** Bitcoin Core's JSON-RPC error codes the node answers with. */
export const RPC_ERROR = {
  INVALID_PARAMETER: -8,
  INVALID_ADDRESS_OR_KEY: -5,
  DESERIALIZATION_ERROR: -22,
  VERIFY_ERROR: -25,
  VERIFY_REJECTED: -26,
  VERIFY_ALREADY_IN_CHAIN: -27,
  WALLET_INSUFFICIENT_FUNDS: -6,
} as const;

/** A request the node refuses, with the code and message Bitcoin Core answers for it. */
export class SandboxRefusal extends Error {
  override readonly name = "SandboxRefusal";
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface SandboxTransaction {
  row: SandboxTransactionRow;
  block: SandboxBlockRow | undefined;
  confirmations: number;
}

const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

function decode(hex: string): Transaction {
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

function outputsOf(tx: Transaction, txid: string): SandboxOutputRow[] {
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
 * The sandbox node (CHAIN_BACKEND=sandbox): a regtest network kept in the database, for development,
 * demos and tests, never for real money. Its transactions are real serialised Bitcoin transactions: one
 * is accepted only when its inputs exist and are unspent (a coinbase only after 100 confirmations), its
 * outputs do not exceed its inputs and every input's signature verifies. Blocks are mined on demand
 * (and on a timer by the worker), each paying its reward and fees to the node's faucet, which pays
 * anyone (`pay`). A reorganisation replaces the last blocks with a longer chain. Every change holds the
 * node's row lock, so changes happen one at a time, in any number of processes.
 *
 * The rest of the server does not call it: it answers Bitcoin Core's JSON-RPC calls (rpc.ts), through
 * the same adapter that talks to a real node.
 */
export class SandboxNode {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Sets the node up on its first start: a faucet key and the first 101 blocks. */
  async start(): Promise<void> {
    await inDbTransaction(this.db, async (tx) => {
      await insertNode(tx, { faucetKey: toHex(secp256k1.utils.randomSecretKey()), createdAt: this.now() });
    });
    const tip = await findTip(this.db);
    if (tip === undefined) await this.mine(FIRST_BLOCKS);
  }

  /** The best chain's last block (the node always has one once started). */
  async tip(): Promise<SandboxBlockRow> {
    const tip = await findTip(this.db);
    if (tip === undefined) throw new Error("The sandbox node has not been started");
    return tip;
  }

  async blockAt(height: number): Promise<SandboxBlockRow | undefined> {
    return findBlockByHeight(this.db, height);
  }

  async block(
    hash: string,
  ): Promise<{ block: SandboxBlockRow; transactions: SandboxTransactionRow[] } | undefined> {
    const block = await findBlockByHash(this.db, hash);
    if (block === undefined) return undefined;
    return { block, transactions: await findBlockTransactions(this.db, block.height) };
  }

  async mempool(): Promise<SandboxTransactionRow[]> {
    return findMempool(this.db);
  }

  async transaction(txid: string): Promise<SandboxTransaction | undefined> {
    const row = await findTransaction(this.db, txid);
    if (row === undefined) return undefined;
    if (row.blockHeight === null) return { row, block: undefined, confirmations: 0 };
    const [block, tip] = await Promise.all([findBlockByHeight(this.db, row.blockHeight), this.tip()]);
    return { row, block, confirmations: tip.height - row.blockHeight + 1 };
  }

  /** Accepts a raw transaction into the mempool and answers its txid; SandboxRefusal says why not. */
  async accept(hex: string): Promise<string> {
    const tx = decode(hex);
    return inDbTransaction(this.db, async (db) => {
      await this.lock(db);
      return this.acceptLocked(db, tx, hex.toLowerCase());
    });
  }

  /** Mines `count` blocks (with every mempool transaction in the first), paying `address` or the faucet. */
  async mine(count: number, address?: string): Promise<string[]> {
    const payTo = address === undefined ? undefined : this.outputScript(address);
    const hashes: string[] = [];
    for (let i = 0; i < count; i++) {
      hashes.push(
        await inDbTransaction(this.db, async (db) => {
          const faucet = await this.lock(db);
          return this.mineLocked(db, payTo ?? faucet.script);
        }),
      );
    }
    return hashes;
  }

  /** The faucet pays `amount` to `address` (a mempool transaction, fee paid by the faucet). */
  async pay(address: string, amount: bigint): Promise<string> {
    const script = this.outputScript(address);
    if (amount <= 0n) throw new SandboxRefusal(RPC_ERROR.INVALID_PARAMETER, "Invalid amount for send");
    return inDbTransaction(this.db, async (db) => {
      const faucet = await this.lock(db);
      const tip = await findTip(db);
      const coins = await findUnspentOf(db, faucet.address, {
        tipHeight: tip?.height ?? 0,
        coinbaseMaturity: COINBASE_MATURITY,
      });
      const tx = new Transaction();
      let gathered = 0n;
      for (const coin of coins) {
        tx.addInput({
          txid: coin.txid,
          index: coin.vout,
          witnessUtxo: { script: Buffer.from(coin.script, "hex"), amount: coin.valueSats },
        });
        gathered += coin.valueSats;
        // A P2WPKH input is 68 vB, an output 31 vB, the rest 11 vB.
        const fee = FAUCET_FEE_RATE * BigInt(11 + 68 * tx.inputsLength + 31 * 2);
        if (gathered >= amount + fee) {
          tx.addOutput({ script, amount });
          const change = gathered - amount - fee;
          if (change >= 546n) tx.addOutput({ script: faucet.script, amount: change });
          tx.sign(faucet.key);
          tx.finalize();
          return this.acceptLocked(db, decode(tx.hex), tx.hex);
        }
      }
      throw new SandboxRefusal(RPC_ERROR.WALLET_INSUFFICIENT_FUNDS, "Insufficient funds");
    });
  }

  /**
   * Replaces the last `depth` blocks with `depth + 1` new ones, as when a longer chain wins. The
   * replaced blocks' transactions go back to the mempool (and into the new first block), or with `drop`
   * leave the network, as if the winning chain had spent their inputs elsewhere; transactions that spend
   * what left go too. Answers the new blocks' hashes.
   */
  async reorg(depth: number, { drop = false }: { drop?: boolean } = {}): Promise<string[]> {
    return inDbTransaction(this.db, async (db) => {
      const faucet = await this.lock(db);
      const tip = await findTip(db);
      if (tip === undefined || depth < 1 || depth > tip.height) {
        throw new SandboxRefusal(RPC_ERROR.INVALID_PARAMETER, "Block height out of range");
      }
      const fork = tip.height - depth;
      const replaced = await findTransactionsAbove(db, fork);
      const leaving = replaced.filter((row) => row.coinbase || drop).map((row) => row.txid);
      await this.deleteWithDescendants(db, leaving);
      await unconfirmTransactionsAbove(db, fork);
      await deleteBlocksAbove(db, fork);
      const hashes: string[] = [];
      for (let i = 0; i <= depth; i++) hashes.push(await this.mineLocked(db, faucet.script));
      return hashes;
    });
  }

  /** The blocks above `height` (for the RPC's checks). */
  async blocksAbove(height: number): Promise<SandboxBlockRow[]> {
    return findBlocksAbove(this.db, height);
  }

  private async lock(db: Db) {
    const node = await lockNode(db);
    if (node === undefined) throw new Error("The sandbox node has not been started");
    const key = Buffer.from(node.faucetKey, "hex");
    const payment = p2wpkh(secp256k1.getPublicKey(key, true), REGTEST);
    if (payment.address === undefined) throw new Error("The faucet has no address");
    return { key, script: payment.script, address: payment.address };
  }

  private outputScript(address: string): Uint8Array {
    try {
      // Decoding checks the checksum and the network's prefix.
      return OutScript.encode(regtestAddress.decode(address));
    } catch {
      throw new SandboxRefusal(RPC_ERROR.INVALID_ADDRESS_OR_KEY, "Invalid address");
    }
  }

  private async acceptLocked(db: Db, tx: Transaction, hex: string): Promise<string> {
    const txid = tx.id;
    const known = await findTransaction(db, txid);
    if (known !== undefined) {
      if (known.blockHeight !== null) {
        throw new SandboxRefusal(
          RPC_ERROR.VERIFY_ALREADY_IN_CHAIN,
          "Transaction outputs already in utxo set",
        );
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
        const spender = await findTransaction(db, output.spentBy);
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

    await insertTransaction(
      db,
      {
        txid,
        hex,
        coinbase: false,
        feeSats: inputSum - outputSum,
        blockHeight: null,
        position: null,
        receivedAt: this.now(),
      },
      outputs,
    );
    await markSpent(db, outpoints, txid);
    return txid;
  }

  private async mineLocked(db: Db, payTo: Uint8Array): Promise<string> {
    const tip = await findTip(db);
    const height = tip === undefined ? 0 : tip.height + 1;
    const mempool = await findMempool(db);
    const fees = mempool.reduce((sum, row) => sum + row.feeSats, 0n);
    const coinbase = coinbaseTransaction(height, payTo, blockSubsidy(height) + fees, randomBytes(8));
    const txids = [coinbase.txid, ...mempool.map((row) => row.txid)];
    // Block times only move forward, a second at least, whatever the clock says.
    const earliest = tip === undefined ? 0 : tip.time.getTime() + 1000;
    const time = new Date(Math.max(this.now().getTime(), earliest));
    const { header, hash } = mineHeader(tip?.hash ?? GENESIS_PREVIOUS_HASH, merkleRoot(txids), time);
    await insertBlock(db, {
      height,
      hash,
      previousHash: tip?.hash ?? GENESIS_PREVIOUS_HASH,
      header,
      time: new Date(Math.floor(time.getTime() / 1000) * 1000),
    });
    const coinbaseTx = decode(coinbase.hex);
    await insertTransaction(
      db,
      {
        txid: coinbase.txid,
        hex: coinbase.hex,
        coinbase: true,
        feeSats: 0n,
        blockHeight: height,
        position: 0,
        receivedAt: time,
      },
      outputsOf(coinbaseTx, coinbase.txid),
    );
    await confirmTransactions(
      db,
      mempool.map((row) => row.txid),
      height,
      1,
    );
    return hash;
  }

  private async deleteWithDescendants(db: Db, txids: readonly string[]): Promise<void> {
    const all = new Set(txids);
    let frontier = [...txids];
    while (frontier.length > 0) {
      const children = (await findSpenders(db, frontier)).filter((txid) => !all.has(txid));
      for (const child of children) all.add(child);
      frontier = children;
    }
    await deleteTransactions(db, [...all]);
  }
}
