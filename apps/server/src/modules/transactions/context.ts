import type { ProofKey } from "../../bitcoin/proof-key.js";
import type { Db } from "../../db/client.js";
import type { ChainHeight } from "./transaction-view.js";

/** What showing a customer's transactions works with: the database and the follower's height. */
export type TransactionsContext = { db: Db; chainHeight: ChainHeight };

/** What signing a customer's receipt adds: the bank's name and its proof key (derived when first needed). */
export type ReceiptContext = TransactionsContext & { brandName: string; proofKey: () => ProofKey };
