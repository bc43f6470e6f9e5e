// The dev-mailbox module: the /dev/mailbox page and GET /api/dev/mailbox (never in production; loopback
// only), while mail goes to the database outbox.
export { devMailboxRoutes } from "./routes.js";
