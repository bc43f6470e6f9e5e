import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { externalWallets } from "../../db/schema/index.js";

// The customer's own label on their connected wallet's address (issue 24): beside queries.ts, the one other
// file that touches external_wallets, and only its label column.

/** The connected wallet's address and its label, or undefined when none is connected. */
export async function connectedWalletAddress(
  db: Db,
  userId: string,
): Promise<{ address: string; label: string | null } | undefined> {
  const [row] = await db
    .select({ address: externalWallets.address, label: externalWallets.label })
    .from(externalWallets)
    .where(eq(externalWallets.userId, userId));
  return row;
}

/** Sets (or, with null, removes) the connected wallet's label when `address` is its address; else false. */
export async function updateConnectedWalletLabel(
  db: Db,
  { userId, address, label }: { userId: string; address: string; label: string | null },
): Promise<boolean> {
  const rows = await db
    .update(externalWallets)
    .set({ label })
    .where(and(eq(externalWallets.userId, userId), eq(externalWallets.address, address)))
    .returning({ userId: externalWallets.userId });
  return rows.length === 1;
}
