// The account module: what a customer changes of their own account. The profile's name and phone, the
// password, two-factor enrolment and the login history. The people themselves are the auth module's.
export { loginHistory } from "./login-history.js";
export { accountRoutes } from "./routes.js";
