export * from "./errors.js";
export * from "./meta.js";
export * from "./account.js";
export * from "./api-paths.js";
export * from "./auth.js";
