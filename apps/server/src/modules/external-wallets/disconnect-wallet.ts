import type { Db } from "../../db/client.js";
import { AppError } from "../../domain/app-error.js";
import { deleteExternalWallet } from "./queries.js";

/** Forgets the customer's connected wallet (its proof with it); 404 when none is connected. */
export async function disconnectWallet({ db, userId }: { db: Db; userId: string }): Promise<void> {
  if (!(await deleteExternalWallet(db, userId))) throw new AppError("NOT_FOUND", "No wallet is connected.");
}
