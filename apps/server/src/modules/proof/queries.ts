import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { proofEpochs } from "../../db/schema/index.js";
import type { FlatLevel, FlatTree } from "./flat-tree.js";

// The proof module owns proof_epochs, proof_leaves and proof_nodes: only this file touches them. Leaves
// and nodes go in by columns (one array or one binary parameter per column), tens of thousands a statement.
// Salts and hashes are stored as 32-byte bytea and read as lower-case hex.

export type ProofEpochRow = typeof proofEpochs.$inferSelect;
export type LeafRow = { position: number; accountId: number; salt: string; balance: bigint };
export type NodeRow = { level: number; position: number; hash: string; sum: bigint };

/**
 * The lowest level of nodes stored (the leaves are level 0). The levels below it are a customer's block of
 * 2^LOWEST_STORED_LEVEL leaves (16), which a path's read takes whole and hashes again: 2^20 leaves then
 * store 131,071 nodes instead of 1,048,575, and a path is still one read.
 */
export const LOWEST_STORED_LEVEL = 4;

/**
 * Rows per insert statement. The salts and hashes go as one binary bytea parameter per statement (each row
 * takes its 32 bytes of it), the numbers as one array per column: a few statements for a million rows.
 */
const CHUNK = 65_536;
const BYTES = 32;

/** Bytes [from, to) of `bytes` as a Buffer without a copy: node-postgres sends a Buffer as binary. */
const slice = (bytes: Uint8Array, from: number, to: number) =>
  Buffer.from(bytes.buffer, bytes.byteOffset + from * BYTES, (to - from) * BYTES);

/** A Postgres array literal of numbers (no quoting needed). */
const arrayOf = (items: { join(separator: string): string }) => `{${items.join(",")}}`;

/** The next epoch's number, taken before its root is signed (a rolled-back build leaves a gap). */
export async function nextEpochNumber(db: Db): Promise<number> {
  const result = await db.execute<{ epoch: string }>(
    sql`select nextval(pg_get_serial_sequence('proof_epochs', 'epoch'))::text as epoch`,
  );
  return Number(result.rows[0]?.epoch);
}

export async function insertEpoch(db: Db, row: ProofEpochRow): Promise<void> {
  await db.insert(proofEpochs).values(row);
}

/** Accounts per row of proof_accounts (the schema says why). */
const ACCOUNTS_PER_ROW = 128;

/**
 * An epoch's tree: every leaf (position, account id, salt, balance), every node from LOWEST_STORED_LEVEL
 * and where each customer's leaf is (proof_accounts). Every statement appends in its index's order.
 */
export async function insertTree(db: Db, epoch: number, tree: FlatTree): Promise<void> {
  const [leaves, ...above] = tree.levels as [FlatLevel, ...FlatLevel[]];
  for (let from = 0; from < tree.accountIds.length; from += CHUNK) {
    const to = Math.min(from + CHUNK, tree.accountIds.length);
    await db.execute(sql`
      insert into proof_leaves (epoch, position, account_id, salt, balance)
      select ${epoch}::bigint, ${from}::integer + leaf.n::integer - 1, leaf.account_id,
             substring(${slice(tree.salts, from, to)}::bytea from (leaf.n::integer - 1) * ${BYTES} + 1 for ${BYTES}),
             leaf.balance
        from unnest(${arrayOf(tree.accountIds.subarray(from, to))}::bigint[],
                    ${arrayOf(leaves.sums.subarray(from, to))}::bigint[])
             with ordinality as leaf(account_id, balance, n)
    `);
  }
  // The customers' account ids in ascending order (the order of tree.positions).
  const ascending = new Float64Array(tree.positions.length);
  for (let i = 0; i < ascending.length; i++)
    ascending[i] = tree.accountIds[tree.positions[i] as number] as number;
  for (let from = 0; from < tree.positions.length; from += CHUNK) {
    const to = Math.min(from + CHUNK, tree.positions.length);
    await db.execute(sql`
      insert into proof_accounts (epoch, first_account_id, account_ids, positions)
      select ${epoch}::bigint, min(account.id), array_agg(account.id order by account.n),
             array_agg(account.position order by account.n)
        from unnest(${arrayOf(ascending.subarray(from, to))}::bigint[],
                    ${arrayOf(tree.positions.subarray(from, to))}::integer[])
             with ordinality as account(id, position, n)
       group by (account.n - 1) / ${ACCOUNTS_PER_ROW}
    `);
  }
  for (const [index, nodes] of above.entries()) {
    const level = index + 1;
    if (level < LOWEST_STORED_LEVEL) continue;
    for (let from = 0; from < nodes.sums.length; from += CHUNK) {
      const to = Math.min(from + CHUNK, nodes.sums.length);
      await db.execute(sql`
        insert into proof_nodes (epoch, level, position, hash, sum)
        select ${epoch}::bigint, ${level}::integer, ${from}::integer + node.n::integer - 1,
               substring(${slice(nodes.hashes, from, to)}::bytea from (node.n::integer - 1) * ${BYTES} + 1 for ${BYTES}),
               node.sum
          from unnest(${arrayOf(nodes.sums.subarray(from, to))}::bigint[]) with ordinality as node(sum, n)
      `);
    }
  }
}

/** Every epoch, newest first. */
export function findEpochs(db: Db): Promise<ProofEpochRow[]> {
  return db.select().from(proofEpochs).orderBy(desc(proofEpochs.epoch));
}

export async function findEpoch(db: Db, epoch: number): Promise<ProofEpochRow | undefined> {
  const [row] = await db.select().from(proofEpochs).where(eq(proofEpochs.epoch, epoch));
  return row;
}

/** The newest epoch (its snapshot's time says whether the daily one is due). */
export async function findNewestEpoch(db: Db): Promise<ProofEpochRow | undefined> {
  const [row] = await db.select().from(proofEpochs).orderBy(desc(proofEpochs.epoch)).limit(1);
  return row;
}

export async function hasEpoch(db: Db): Promise<boolean> {
  const [row] = await db.select({ epoch: proofEpochs.epoch }).from(proofEpochs).limit(1);
  return row !== undefined;
}

/** What a customer's path is made of: the tree's depth, their block of leaves, the stored nodes above it. */
export type PathRows = { depth: number; block: LeafRow[]; nodes: NodeRow[] };

/** The deepest tree an epoch may have (proof_epochs' check). */
const MAX_DEPTH = 40;

/**
 * A customer's path, in one read: the epoch's depth; the block of 2^LOWEST_STORED_LEVEL positions that
 * holds the account's leaf (found through proof_accounts; a smaller tree is all of it), and the stored
 * siblings of the block's ancestors up to the root's children (by the primary key). Undefined when there
 * is no such epoch; the block is empty when the account has no leaf in it. The levels' bounds are
 * constants so that the planner knows how few there are: bounds read from the epoch's row made it hash
 * every node of the epoch (36 ms at 262,144 leaves) instead of reading 16 by the index (0.4 ms).
 */
export async function findPathRows(
  db: Db,
  { epoch, accountId }: { epoch: number; accountId: number },
): Promise<PathRows | undefined> {
  const result = await db.execute<{
    level: number;
    position: number;
    account_id: string | null;
    bytes: string | null;
    amount: string | null;
  }>(sql`
    with tree as (
      select depth from proof_epochs where epoch = ${epoch}
    ), mine as (
      select tree.depth, found.positions[array_position(found.account_ids, ${accountId}::bigint)] as position
        from tree, lateral (select account_ids, positions from proof_accounts
                             where epoch = ${epoch} and first_account_id <= ${accountId}
                             order by first_account_id desc limit 1) as found
    )
    select -1 as level, depth as position, null::text as account_id, null::text as bytes, null::text as amount
      from tree
    union all
    select 0, leaf.position, leaf.account_id::text, encode(leaf.salt, 'hex'), leaf.balance::text
      from mine join proof_leaves leaf
        on leaf.epoch = ${epoch}
       and leaf.position >= (mine.position >> ${LOWEST_STORED_LEVEL}::integer) << ${LOWEST_STORED_LEVEL}::integer
       and leaf.position < ((mine.position >> ${LOWEST_STORED_LEVEL}::integer) + 1) << ${LOWEST_STORED_LEVEL}::integer
    union all
    select node.level, node.position, null, encode(node.hash, 'hex'), node.sum::text
      from mine cross join generate_series(${LOWEST_STORED_LEVEL}::integer, ${MAX_DEPTH}::integer) as up(level)
      join proof_nodes node
        on node.epoch = ${epoch} and node.level = up.level
       and node.position = (mine.position >> up.level) # 1
     where up.level < mine.depth
  `);
  let depth: number | undefined;
  const block: LeafRow[] = [];
  const nodes: NodeRow[] = [];
  for (const row of result.rows) {
    const level = Number(row.level);
    if (level === -1) depth = Number(row.position);
    else if (level === 0) {
      block.push({
        position: Number(row.position),
        accountId: Number(row.account_id),
        salt: row.bytes as string,
        balance: BigInt(row.amount as string),
      });
    } else {
      nodes.push({
        level,
        position: Number(row.position),
        hash: row.bytes as string,
        sum: BigInt(row.amount as string),
      });
    }
  }
  if (depth === undefined) return undefined;
  block.sort((a, b) => a.position - b.position);
  return { depth, block, nodes };
}
