import type { CustomerDetails } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../domain/app-error.js";
import { isUuid } from "../../domain/history.js";
import { loginHistory } from "../account/index.js";
import { auditEventsOfCustomer } from "../audit/index.js";
import { findUserById } from "../auth/index.js";
import { staffKycView } from "../kyc/index.js";
import { findPasskeysOf, toPasskey } from "../passkeys/index.js";
import { listWalletTransactions } from "../transactions/index.js";
import { findCustomer } from "./queries.js";
import { toAdminCustomer, toAdminTransaction } from "./views.js";

export const customerNotFoundText = "This customer was not found.";

const RECENT_TRANSACTIONS = 10;
const AUDIT_EVENTS = 20;

/** The customer of `userId` (any case), or 404: staff, unknown ids and non-UUIDs alike. */
export async function requireCustomer(db: Db, userId: string) {
  const id = userId.toLowerCase();
  const row = isUuid(id) ? await findCustomer(db, id) : undefined;
  if (row === undefined) throw new AppError("NOT_FOUND", customerNotFoundText);
  return row;
}

/**
 * User Details: the profile and balance, the KYC items with their documents (links to the authorised
 * document endpoint), the newest transactions, the login history, the passkeys (a blocked one stands
 * out) and the staff actions about them.
 */
export async function getCustomerDetails({
  ctx,
  userId,
}: {
  ctx: { db: Db };
  userId: string;
}): Promise<CustomerDetails> {
  const row = await requireCustomer(ctx.db, userId);
  const user = await findUserById(ctx.db, row.id);
  if (user === undefined) throw new AppError("NOT_FOUND", customerNotFoundText);
  const owner = { id: row.id, name: row.name, username: row.username };
  const [kyc, transactions, logins, passkeys, auditEvents] = await Promise.all([
    staffKycView(ctx.db, row.id),
    listWalletTransactions(ctx.db, {
      userId: row.id,
      type: null,
      after: null,
      limit: RECENT_TRANSACTIONS,
    }),
    loginHistory({ ctx, userId: row.id }),
    findPasskeysOf(ctx.db, row.id),
    auditEventsOfCustomer(ctx.db, row.id, AUDIT_EVENTS),
  ]);
  return {
    customer: {
      ...toAdminCustomer(row),
      phone: row.phone,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
    },
    kyc,
    recentTransactions: transactions.map(({ row: transaction }) =>
      toAdminTransaction({ row: transaction, owner }),
    ),
    loginHistory: logins,
    passkeys: passkeys.map(toPasskey),
    auditEvents,
  };
}
