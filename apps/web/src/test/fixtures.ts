import type {
  KycDocument,
  KycDocumentKind,
  KycItem,
  KycOverview,
  KycSubmission,
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

/**
 * The demo customer's wallet, as `GET /api/wallet` answers: the specification's 0.00746 BTC at 42389.57.
 * Verified (level 1): 0.01 BTC of a 0.1 BTC daily limit sent, 0.09 BTC left today.
 */
export const walletSummary: WalletSummary = {
  balanceSats: "746000",
  spendableSats: "746000",
  onHoldSats: "0",
  withdrawalFeeSats: "1000",
  sendLimit: { level: 1, dailyLimitSats: "10000000", sentSats: "1000000", remainingSats: "9000000" },
  canSend: true,
  price: { usdPerBtc: "42389.57", asOf: "2025-04-17T14:05:00.000Z", stale: false, source: "fixed" },
};

/** The customer's receive details, as `GET /api/wallet/receive` answers (BIP173's regtest example). */
export const receiveInfo: ReceiveInfo = {
  address: "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080",
  uri: "bitcoin:bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080",
  username: "ada",
  network: "regtest",
  label: null,
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
    withdrawal: null,
    createdAt: "2025-04-17T14:05:00.000Z",
    label: null,
    priceAtTheTime: null,
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
    withdrawal: null,
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
    withdrawal: { holdHours: null, approvalsNeeded: 0 },
  } satisfies SendQuote;
};

const DOCUMENT_IDS = {
  identity: "a1b2c3d4-0001-4a5b-8c6d-7e8f9a0b1c01",
  address: "a1b2c3d4-0002-4a5b-8c6d-7e8f9a0b1c02",
  selfie: "a1b2c3d4-0003-4a5b-8c6d-7e8f9a0b1c03",
  source_of_funds: "a1b2c3d4-0004-4a5b-8c6d-7e8f9a0b1c04",
} as const satisfies Record<KycDocumentKind, string>;

/** An uploaded KYC file, as `POST /api/kyc/documents` answers it and the overview's drafts hold it. */
export function kycDocument(kind: KycDocumentKind, overrides: Partial<KycDocument> = {}): KycDocument {
  return {
    id: DOCUMENT_IDS[kind],
    kind,
    documentType: kind === "identity" ? "passport" : null,
    documentDate: kind === "address" ? "2025-04-01" : null,
    fileName: kind === "selfie" ? "selfie.jpg" : kind === "address" ? "bill.pdf" : "passport.png",
    format: kind === "selfie" ? "jpeg" : kind === "address" ? "pdf" : "png",
    sizeBytes: 1_258_291,
    uploadedAt: "2025-04-17T12:00:00.000Z",
    ...overrides,
  };
}

/** A KYC submission of the basic level; override its status (pending by default) and reason. */
export function kycSubmission(overrides: Partial<KycSubmission> = {}): KycSubmission {
  return {
    id: "5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b",
    level: "basic",
    status: "pending",
    reason: null,
    submittedAt: "2025-04-17T12:00:00.000Z",
    decidedAt: null,
    ...overrides,
  };
}

/** The profile's three verification items, nothing started; override an item's fields by its id. */
export function kycItems(overrides: Partial<Record<KycItem["id"], Partial<KycItem>>> = {}): KycItem[] {
  const blank = { documentType: null, submissionDate: null, message: null };
  const items: KycItem[] = [
    {
      id: "identity",
      title: "Identity Verification",
      description: "Your passport, driver's license or national ID card",
      status: "required",
      details: blank,
    },
    {
      id: "address",
      title: "Address Verification",
      description: "A document showing your address",
      status: "required",
      details: blank,
    },
    {
      id: "enhanced",
      title: "Enhanced Verification",
      description: "Where your funds come from, for a higher limit",
      status: "required",
      details: blank,
    },
  ];
  return items.map((item) => ({ ...item, ...overrides[item.id] }));
}

/** `GET /api/kyc` for a customer who has not started (level 0, no drafts, resume at the intro). */
export function kycOverview(overrides: Partial<KycOverview> = {}): KycOverview {
  return {
    level: 0,
    items: kycItems(),
    basic: null,
    enhanced: null,
    drafts: { identity: null, address: null, selfie: null, source_of_funds: null },
    resume: "intro",
    ...overrides,
  };
}
