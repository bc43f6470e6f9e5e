// The meta module: GET /api/meta, what the web app shows of the bank (its name, the chain backend, the
// confirmations a deposit or withdrawal needs).
export { installationFacts, metaRoutes } from "./routes.js";
