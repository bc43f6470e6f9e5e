// One file per domain; this index is what Drizzle (queries) and drizzle-kit (migrations) both read.
export * from "./audit.js";
export * from "./auth.js";
export * from "./chain.js";
export * from "./external-wallets.js";
export * from "./kyc.js";
export * from "./ledger.js";
export * from "./mail.js";
export * from "./notifications.js";
export * from "./passkeys.js";
export * from "./rate-limit.js";
export * from "./settings.js";
export * from "./solvency.js";
export * from "./support.js";
export * from "./transactions.js";
export * from "./vault.js";
export * from "./wallet.js";
export * from "./withdrawals.js";
