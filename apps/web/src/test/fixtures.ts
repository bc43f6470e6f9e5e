import type {
  ReceiveInfo,
  SendQuote,
  SendQuoteBody,
  SessionUser,
  Transaction,
  TransactionPage,
  WalletSummary,
} from "@satsbank/shared";
import type { StubHandler } from "./stub-api";

/** A signed-in customer, as `GET /api/auth/me` would answer. */
export const customer: SessionUser = {
  id: "0b7a3c2e-5f1d-4c8a-9e2b-6d4f1a7c3e90",
  email: "ada@example.com",
  name: "Ada Lovelace",
  username: "ada",
  phone: null,
  role: "customer",
  accountType: "personal",
  twoFactorEnabled: false,
  emailVerified: true,
  createdAt: "2025-01-02T03:04:05.000Z",
};

/** A staff account. */
export const staff: SessionUser = {
  ...customer,
  id: "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a",
  email: "admin@example.com",
  name: "Grace Hopper",
  username: "grace",
  role: "admin",
};

/** The demo customer's wallet, as `GET /api/wallet` answers: the specification's 0.00746 BTC at 42389.57. */
export const walletSummary: WalletSummary = {
  balanceSats: "746000",
  spendableSats: "746000",
  withdrawalFeeSats: "1000",
  canSend: true,
  price: { usdPerBtc: "42389.57", asOf: "2025-04-17T14:05:00.000Z", stale: false, source: "fixed" },
};

/** The customer's receive details, as `GET /api/wallet/receive` answers (BIP173's regtest example). */
export const receiveInfo: ReceiveInfo = {
  address: "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080",
  uri: "bitcoin:bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080",
  username: "ada",
  network: "regtest",
};

/** A transaction line; override what the test is about. */
export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: "7f1c2a9e-0b4d-4e61-9a3f-2c8d5e7b1a04",
    type: "send",
    amountSats: "100000",
    feeSats: "0",
    status: "completed",
    counterparty: { username: "alice", name: "Alice Example", address: null },
    note: null,
    txid: null,
    confirmations: null,
    createdAt: "2025-04-17T14:05:00.000Z",
    ...overrides,
  };
}

/** One page of history, as `GET /api/transactions` answers. */
export function transactionPage(items: Transaction[], nextCursor: string | null = null): TransactionPage {
  return { items, nextCursor };
}

/** The server's quote for a send to the customer "alice": the amount asked, no fee (a transfer). */
export const customerQuote: StubHandler = ({ body }) => {
  const { amountSats } = body as SendQuoteBody;
  return {
    kind: "transfer",
    payee: { username: "alice", name: "Alice Example" },
    address: null,
    amountSats,
    feeSats: "0",
    totalSats: amountSats,
  } satisfies SendQuote;
};

/**
 * The server's quote for a withdrawal to the outside address typed as the recipient: the amount asked and
 * the summary's withdrawal fee on top.
 */
export const withdrawalQuote: StubHandler = ({ body }) => {
  const { recipient, amountSats } = body as SendQuoteBody;
  const feeSats = walletSummary.withdrawalFeeSats;
  return {
    kind: "withdrawal",
    payee: null,
    address: recipient,
    amountSats,
    feeSats,
    totalSats: (BigInt(amountSats) + BigInt(feeSats)).toString(),
  } satisfies SendQuote;
};
