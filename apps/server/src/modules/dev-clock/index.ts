// The dev-clock module: GET/POST /api/dev/clock moves the manual clock (TEST_CLOCK=manual, loopback only).
export { devClockRoutes } from "./routes.js";
