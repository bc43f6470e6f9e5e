// The metrics module: GET /metrics in Prometheus's text format (METRICS=true): this process's HTTP figures
// and the bank's, read from the database and the chain at each scrape.
export { metricsRoutes } from "./routes.js";
