// @satsbank/verify: the proof of reserves as docs/proof-of-reserves.md specifies it, checked by anyone (the
// customer's browser, the `satsbank-verify` command) and built by the bank with the same definitions.
export * from "./bytes.js";
export * from "./chain.js";
export * from "./check.js";
export * from "./receipt.js";
export * from "./reserves.js";
export * from "./root.js";
export * from "./signatures.js";
export * from "./tree.js";
