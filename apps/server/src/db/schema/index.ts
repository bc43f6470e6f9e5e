// One file per domain; this index is what Drizzle (queries) and drizzle-kit (migrations) both read.
export * from "./settings.js";
