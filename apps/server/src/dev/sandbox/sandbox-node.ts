import { secp256k1 } from "@noble/curves/secp256k1.js";
import { Address, OutScript, p2wpkh, Transaction } from "@scure/btc-signer";
import { type SandboxControls, SandboxRefusal } from "../../bitcoin/chain/sandbox-controls.js";
import { networkParams } from "../../bitcoin/network.js";
import type { Db } from "../../db/client.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { acceptChainTransaction, decode } from "./accept-chain-transaction.js";
import { COINBASE_MATURITY } from "./blocks.js";
import { mineBlock } from "./mine-block.js";
import {
  deleteBlocksAbove,
  deleteChainTransactions,
  findBlockByHash,
  findBlockByHeight,
  findBlockChainTransactions,
  findBlocksAbove,
  findChainTransaction,
  findChainTransactionsAbove,
  findMempool,
  findOutput,
  findSpenders,
  findTip,
  findUnspentOf,
  insertNode,
  lockNode,
  type SandboxBlockRow,
  type SandboxChainTransactionRow,
  unconfirmChainTransactionsAbove,
} from "./queries.js";
import { RPC_ERROR } from "./rpc-errors.js";

const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

/** Blocks mined when the node starts empty: the first block's reward is then mature for the faucet. */
const FIRST_BLOCKS = COINBASE_MATURITY + 1;
/** The faucet pays this fee rate (sat/vB) on what it sends. */
const FAUCET_FEE_RATE = 2n;
const REGTEST = networkParams.regtest.params;
const regtestAddress = Address(REGTEST);

export interface SandboxChainTransaction {
  row: SandboxChainTransactionRow;
  block: SandboxBlockRow | undefined;
  confirmations: number;
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
export class SandboxNode implements SandboxControls {
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
  ): Promise<{ block: SandboxBlockRow; transactions: SandboxChainTransactionRow[] } | undefined> {
    const block = await findBlockByHash(this.db, hash);
    if (block === undefined) return undefined;
    return { block, transactions: await findBlockChainTransactions(this.db, block.height) };
  }

  async mempool(): Promise<SandboxChainTransactionRow[]> {
    return findMempool(this.db);
  }

  async chainTransaction(txid: string): Promise<SandboxChainTransaction | undefined> {
    const row = await findChainTransaction(this.db, txid);
    if (row === undefined) return undefined;
    if (row.blockHeight === null) return { row, block: undefined, confirmations: 0 };
    const [block, tip] = await Promise.all([findBlockByHeight(this.db, row.blockHeight), this.tip()]);
    return { row, block, confirmations: tip.height - row.blockHeight + 1 };
  }

  /**
   * One output (undefined when the node has none such): its value, script, the block its transaction is
   * in (null: the mempool) and the transaction spending it, if any, with whether that one is in a block.
   */
  async output(txid: string, vout: number) {
    const row = await findOutput(this.db, { txid, vout });
    if (row === undefined) return undefined;
    const spender = row.spentBy === null ? null : { txid: row.spentBy, inBlock: row.spenderHeight !== null };
    return { ...row, spender };
  }

  /** Accepts a raw transaction into the mempool and answers its txid; SandboxRefusal says why not. */
  async accept(hex: string): Promise<string> {
    const tx = decode(hex);
    return inDbTransaction(this.db, async (db) => {
      await this.lock(db);
      return acceptChainTransaction(db, tx, hex.toLowerCase(), this.now);
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
          return mineBlock(db, payTo ?? faucet.script, this.now);
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
          return acceptChainTransaction(db, decode(tx.hex), tx.hex, this.now);
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
      const replaced = await findChainTransactionsAbove(db, fork);
      const leaving = replaced.filter((row) => row.coinbase || drop).map((row) => row.txid);
      await this.deleteWithDescendants(db, leaving);
      await unconfirmChainTransactionsAbove(db, fork);
      await deleteBlocksAbove(db, fork);
      const hashes: string[] = [];
      for (let i = 0; i <= depth; i++) hashes.push(await mineBlock(db, faucet.script, this.now));
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

  private async deleteWithDescendants(db: Db, txids: readonly string[]): Promise<void> {
    const all = new Set(txids);
    let frontier = [...txids];
    while (frontier.length > 0) {
      const children = (await findSpenders(db, frontier)).filter((txid) => !all.has(txid));
      for (const child of children) all.add(child);
      frontier = children;
    }
    await deleteChainTransactions(db, [...all]);
  }
}
