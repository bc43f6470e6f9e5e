export * from "./errors.js";
export * from "./meta.js";
