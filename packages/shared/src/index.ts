export * from "./account.js";
export * from "./api-paths.js";
export * from "./auth.js";
export * from "./errors.js";
export * from "./meta.js";
export * from "./money.js";
export * from "./transactions.js";
export * from "./wallet.js";
