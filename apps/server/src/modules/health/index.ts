// The health module: GET /healthz for load balancers and orchestrators (degraded while the solvency
// watchdog pauses payouts).
export { healthRoutes } from "./routes.js";
