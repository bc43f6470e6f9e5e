// The dev-sandbox module: POST /api/dev/sandbox/pay|mine|reorg, the sandbox chain's controls for
// `npm run sandbox` (CHAIN_BACKEND=sandbox only; loopback only).
export { devSandboxRoutes } from "./routes.js";
