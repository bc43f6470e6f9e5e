// The labels module: the customer's own labels beyond one transaction's (issue 24). It labels their
// deposit addresses and their connected wallet's address, and exports and imports all their labels as a
// BIP-329 file. It owns no table: it reads and writes the labels through the transactions, addresses and
// external-wallets modules.
export type { LabelsContext } from "./context.js";
export { labelRoutes } from "./routes.js";
