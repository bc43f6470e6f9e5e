import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client.js";
import { decode, outputsOf } from "./accept-chain-transaction.js";
import {
  blockSubsidy,
  coinbaseTransaction,
  GENESIS_PREVIOUS_HASH,
  merkleRoot,
  mineHeader,
} from "./blocks.js";
import {
  confirmChainTransactions,
  findMempool,
  findTip,
  insertBlock,
  insertChainTransaction,
} from "./queries.js";

/**
 * Mines the next block, under the node's lock: a coinbase paying the reward and the fees to `payTo`, and
 * every mempool transaction. Block times only move forward. Answers the block's hash.
 */
export async function mineBlock(db: Db, payTo: Uint8Array, now: () => Date): Promise<string> {
  const tip = await findTip(db);
  const height = tip === undefined ? 0 : tip.height + 1;
  const mempool = await findMempool(db);
  const fees = mempool.reduce((sum, row) => sum + row.feeSats, 0n);
  const coinbase = coinbaseTransaction(height, payTo, blockSubsidy(height) + fees, randomBytes(8));
  const txids = [coinbase.txid, ...mempool.map((row) => row.txid)];
  // Block times only move forward, a second at least, whatever the clock says.
  const earliest = tip === undefined ? 0 : tip.time.getTime() + 1000;
  const time = new Date(Math.max(now().getTime(), earliest));
  const { header, hash } = mineHeader(tip?.hash ?? GENESIS_PREVIOUS_HASH, merkleRoot(txids), time);
  await insertBlock(db, {
    height,
    hash,
    previousHash: tip?.hash ?? GENESIS_PREVIOUS_HASH,
    header,
    time: new Date(Math.floor(time.getTime() / 1000) * 1000),
  });
  const coinbaseTx = decode(coinbase.hex);
  await insertChainTransaction(
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
  await confirmChainTransactions(
    db,
    mempool.map((row) => row.txid),
    height,
    1,
  );
  return hash;
}
