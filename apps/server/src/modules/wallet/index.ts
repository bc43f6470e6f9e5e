// The wallet module: a customer's money at a glance and on the move. The summary (balance, limits), the
// receive screen, and sends: quoted, then posted in one db transaction under the customer's idempotency
// key, to another customer (a transfer) or to an outside address (a queued withdrawal). It owns
// send_requests.
export type { WalletContext } from "./context.js";
export { walletRoutes } from "./routes.js";
export { sendBitcoin } from "./send-bitcoin.js";
