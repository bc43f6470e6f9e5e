// The external-wallets module: Connect Wallet. A wallet challenge per customer, the proof of ownership
// checked against it, and the one connected wallet. It owns external_wallet_challenges and external_wallets.

export { connectedWalletAddress, updateConnectedWalletLabel } from "./labels.js";
export { externalWalletRoutes } from "./routes.js";
