// The statements module: a customer's monthly statement, read from the ledger (their account's postings and
// balances) and described with their history rows. It writes nothing; staff read a customer's statement
// through the admin module, which audits it.
export { futureMonthText, getStatement, type StatementContext } from "./get-statement.js";
export { statementRoutes } from "./routes.js";
