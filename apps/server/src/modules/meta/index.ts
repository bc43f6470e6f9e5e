// The meta module: GET /api/meta, what the web app shows of the bank (its name, the chain backend).
export { metaRoutes } from "./routes.js";
