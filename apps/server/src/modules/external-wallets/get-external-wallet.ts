import type { ExternalWallet } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { findExternalWallet } from "./queries.js";
import { toExternalWallet } from "./views.js";

/** The customer's connected wallet, or null. */
export async function getExternalWallet({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<ExternalWallet | null> {
  const row = await findExternalWallet(db, userId);
  return row === undefined ? null : toExternalWallet(row);
}
