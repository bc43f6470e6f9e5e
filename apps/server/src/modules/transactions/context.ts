import type { Db } from "../../db/client.js";
import type { ChainHeight } from "./transaction-view.js";

/** What showing a customer's transactions works with: the database and the follower's height. */
export type TransactionsContext = { db: Db; chainHeight: ChainHeight };
