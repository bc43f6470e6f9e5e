// The health module: GET /healthz for load balancers and orchestrators.
export { healthRoutes } from "./routes.js";
