import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { depositAddresses } from "../../db/schema/index.js";
import { textIn } from "../../db/text-in.js";

// The customer's own labels on their deposit addresses (issue 24): beside queries.ts, the one other file
// that touches deposit_addresses, and only its label column.

type Owner = { userId: string; network: string };

/** Sets (or, with null, removes) the label of one of the customer's deposit addresses; false when not theirs. */
export async function updateDepositAddressLabel(
  db: Db,
  { userId, network, address, label }: Owner & { address: string; label: string | null },
): Promise<boolean> {
  const rows = await db
    .update(depositAddresses)
    .set({ label })
    .where(
      and(
        eq(depositAddresses.address, address),
        eq(depositAddresses.userId, userId),
        eq(depositAddresses.network, network),
      ),
    )
    .returning({ address: depositAddresses.address });
  return rows.length === 1;
}

/** The addresses among `addresses` that are the customer's deposit addresses. */
export async function ownDepositAddresses(
  db: Db,
  { userId, network, addresses }: Owner & { addresses: readonly string[] },
): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await db
    .select({ address: depositAddresses.address })
    .from(depositAddresses)
    .where(
      and(
        eq(depositAddresses.userId, userId),
        eq(depositAddresses.network, network),
        textIn(depositAddresses.address, addresses),
      ),
    );
  return new Set(rows.map((row) => row.address));
}

/** The customer's labelled deposit addresses, oldest first. */
export async function listDepositAddressLabels(
  db: Db,
  { userId, network }: Owner,
): Promise<{ address: string; label: string }[]> {
  const rows = await db
    .select({ address: depositAddresses.address, label: depositAddresses.label })
    .from(depositAddresses)
    .where(
      and(
        eq(depositAddresses.userId, userId),
        eq(depositAddresses.network, network),
        isNotNull(depositAddresses.label),
      ),
    )
    .orderBy(asc(depositAddresses.chainIndex));
  return rows.flatMap(({ address, label }) => (label === null ? [] : [{ address, label }]));
}
