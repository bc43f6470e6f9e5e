import type { CustomerPage, CustomerSort, SortOrder } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { containsPattern } from "../../domain/history.js";
import { listCustomers as queryCustomers } from "./queries.js";
import { toAdminCustomer } from "./views.js";

/** Banking Customers: searched by name, email or username, sorted by one column, in offset pages. */
export async function listCustomers({
  ctx,
  query,
}: {
  ctx: { db: Db };
  query: { q?: string | undefined; sort: CustomerSort; order: SortOrder; page: number; pageSize: number };
}): Promise<CustomerPage> {
  const text = query.q?.trim() ?? "";
  const { rows, total } = await queryCustomers(ctx.db, {
    pattern: text === "" ? null : containsPattern(text),
    sort: query.sort,
    order: query.order,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows.map(toAdminCustomer), page: query.page, pageSize: query.pageSize, total };
}
