import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { proofEpochs } from "../../db/schema/index.js";

// The proof module owns proof_epochs, proof_leaves and proof_nodes: only this file touches them. Leaves
// and nodes go in by columns (one array per column through unnest), many thousands a statement.

export type ProofEpochRow = typeof proofEpochs.$inferSelect;
export type LeafRow = { position: number; accountId: number; salt: string; balance: bigint };
export type NodeRow = { level: number; position: number; hash: string; sum: bigint };

/** Rows per insert statement: one array parameter per column, so no limit on parameters applies. */
const CHUNK = 50_000;

/** A Postgres array literal of numbers or hex strings (neither needs quoting). */
const arrayOf = (items: ReadonlyArray<string | number | bigint>) => `{${items.join(",")}}`;

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

export async function insertLeaves(db: Db, epoch: number, leaves: readonly LeafRow[]): Promise<void> {
  for (let from = 0; from < leaves.length; from += CHUNK) {
    const chunk = leaves.slice(from, from + CHUNK);
    await db.execute(sql`
      insert into proof_leaves (epoch, position, account_id, salt, balance)
      select ${epoch}::bigint, * from unnest(
        ${arrayOf(chunk.map((leaf) => leaf.position))}::integer[],
        ${arrayOf(chunk.map((leaf) => leaf.accountId))}::bigint[],
        ${arrayOf(chunk.map((leaf) => leaf.salt))}::text[],
        ${arrayOf(chunk.map((leaf) => leaf.balance))}::bigint[])
    `);
  }
}

export async function insertNodes(db: Db, epoch: number, nodes: readonly NodeRow[]): Promise<void> {
  for (let from = 0; from < nodes.length; from += CHUNK) {
    const chunk = nodes.slice(from, from + CHUNK);
    await db.execute(sql`
      insert into proof_nodes (epoch, level, position, hash, sum)
      select ${epoch}::bigint, * from unnest(
        ${arrayOf(chunk.map((node) => node.level))}::integer[],
        ${arrayOf(chunk.map((node) => node.position))}::integer[],
        ${arrayOf(chunk.map((node) => node.hash))}::text[],
        ${arrayOf(chunk.map((node) => node.sum))}::bigint[])
    `);
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

/** The account's leaf in the epoch (index proof_leaves_account_idx). */
export async function findLeafOf(db: Db, epoch: number, accountId: number): Promise<LeafRow | undefined> {
  const result = await db.execute<{
    position: number;
    account_id: string;
    salt: string;
    balance: string;
  }>(sql`
    select position, account_id::text, salt, balance::text from proof_leaves
     where epoch = ${epoch} and account_id = ${accountId} limit 1
  `);
  const row = result.rows[0];
  return row === undefined ? undefined : toLeaf(row);
}

export async function findLeafAt(db: Db, epoch: number, position: number): Promise<LeafRow | undefined> {
  const result = await db.execute<{
    position: number;
    account_id: string;
    salt: string;
    balance: string;
  }>(sql`
    select position, account_id::text, salt, balance::text from proof_leaves
     where epoch = ${epoch} and position = ${position}
  `);
  const row = result.rows[0];
  return row === undefined ? undefined : toLeaf(row);
}

function toLeaf(row: { position: number; account_id: string; salt: string; balance: string }): LeafRow {
  return {
    position: Number(row.position),
    accountId: Number(row.account_id),
    salt: row.salt,
    balance: BigInt(row.balance),
  };
}

/** The nodes at these (level, position) pairs: one read by the primary key. */
export async function findNodes(
  db: Db,
  epoch: number,
  at: ReadonlyArray<{ level: number; position: number }>,
): Promise<NodeRow[]> {
  if (at.length === 0) return [];
  const result = await db.execute<{ level: number; position: number; hash: string; sum: string }>(sql`
    select level, position, hash, sum::text from proof_nodes
     where epoch = ${epoch}
       and (level, position) in (select * from unnest(
         ${arrayOf(at.map((node) => node.level))}::integer[],
         ${arrayOf(at.map((node) => node.position))}::integer[]))
  `);
  return result.rows.map((row) => ({
    level: Number(row.level),
    position: Number(row.position),
    hash: row.hash,
    sum: BigInt(row.sum),
  }));
}
