import type {
  AdminCustomer,
  AdminMe,
  AdminSupportRequest,
  AdminTransaction,
  AdminWithdrawal,
  AuditEvent,
  Books,
  CustomerDetails,
  KycReview,
  VaultOverview,
  VaultRefill,
  VaultSweep,
} from "@satsbank/shared";
import { kycItems, staff } from "./fixtures";

/** `GET /api/admin/me` for the staff fixture: an authenticator enrolled (override `twoFactor`). */
export function adminMe(twoFactor: Partial<AdminMe["twoFactor"]> = {}): AdminMe {
  return {
    title: "Admin Dashboard",
    accessLevel: "Super Admin",
    staff: { id: staff.id, name: staff.name, email: staff.email },
    twoFactor: { enabled: true, required: false, ...twoFactor },
  };
}

/** A local time as an ISO string: the screens show local time, so tests hold in any time zone. */
export function localIso(year: number, month: number, day: number, hour = 0, minute = 0): string {
  return new Date(year, month - 1, day, hour, minute).toISOString();
}

export const ada: AdminCustomer = {
  id: "0b7a3c2e-5f1d-4c8a-9e2b-6d4f1a7c3e90",
  name: "Ada Lovelace",
  email: "ada@example.com",
  username: "ada",
  accountType: "personal",
  kycStatus: "verified",
  joinedAt: localIso(2025, 1, 2, 3, 4),
  balanceSats: "746000",
  status: "active",
};

export const bob: AdminCustomer = {
  id: "1c8b4d3f-6a2e-4d9b-8f3c-7e5a2b8d4f01",
  name: "Bob Builder",
  email: "bob@example.com",
  username: "bob",
  accountType: "business",
  kycStatus: "pending",
  joinedAt: localIso(2025, 3, 9, 10, 0),
  balanceSats: "123456789",
  status: "inactive",
};

export const BC_ADDRESS = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";

/** A row of Transaction History; override what the test is about. */
export function adminTransaction(overrides: Partial<AdminTransaction> = {}): AdminTransaction {
  return {
    id: "7f1c2a9e-0b4d-4e61-9a3f-2c8d5e7b1a04",
    type: "send",
    amountSats: "100000",
    feeSats: "1000",
    status: "completed",
    user: { id: ada.id, name: ada.name, username: ada.username },
    counterparty: { username: null, name: null },
    address: BC_ADDRESS,
    txid: null,
    createdAt: localIso(2025, 4, 17, 14, 5),
    ...overrides,
  };
}

export const IDENTITY_DOCUMENT_ID = "a1b2c3d4-0001-4a5b-8c6d-7e8f9a0b1c01";
export const ADDRESS_DOCUMENT_ID = "a1b2c3d4-0002-4a5b-8c6d-7e8f9a0b1c02";
export const SELFIE_DOCUMENT_ID = "a1b2c3d4-0003-4a5b-8c6d-7e8f9a0b1c03";

const documents = {
  identity: {
    id: IDENTITY_DOCUMENT_ID,
    kind: "identity",
    documentType: "passport",
    documentDate: null,
    fileName: "passport.png",
    format: "png",
    sizeBytes: 1_258_291,
    uploadedAt: localIso(2025, 4, 17, 12, 0),
    url: `/api/kyc/documents/${IDENTITY_DOCUMENT_ID}`,
  },
  address: {
    id: ADDRESS_DOCUMENT_ID,
    kind: "address",
    documentType: null,
    documentDate: "2025-04-01",
    fileName: "bill.pdf",
    format: "pdf",
    sizeBytes: 80_000,
    uploadedAt: localIso(2025, 4, 17, 12, 1),
    url: `/api/kyc/documents/${ADDRESS_DOCUMENT_ID}`,
  },
  selfie: {
    id: SELFIE_DOCUMENT_ID,
    kind: "selfie",
    documentType: null,
    documentDate: null,
    fileName: "selfie.jpg",
    format: "jpeg",
    sizeBytes: 500_000,
    uploadedAt: localIso(2025, 4, 17, 12, 2),
    url: `/api/kyc/documents/${SELFIE_DOCUMENT_ID}`,
  },
} as const satisfies Record<string, KycReview["documents"][number]>;

/** User Details of Ada: verified, with documents, a transaction, a sign-in and a staff action. */
export function customerDetails(overrides: Partial<CustomerDetails["customer"]> = {}): CustomerDetails {
  const items = kycItems({
    identity: {
      status: "verified",
      details: { documentType: "Passport", submissionDate: localIso(2025, 4, 17, 12, 0), message: null },
    },
    address: {
      status: "verified",
      details: {
        documentType: "Proof of address",
        submissionDate: localIso(2025, 4, 17, 12, 0),
        message: null,
      },
    },
  });
  return {
    customer: {
      ...ada,
      phone: "+44 20 7946 0000",
      emailVerified: true,
      twoFactorEnabled: false,
      ...overrides,
    },
    kyc: {
      level: 1,
      items: items.map((item) => ({
        ...item,
        documents:
          item.id === "identity"
            ? [documents.identity, documents.selfie]
            : item.id === "address"
              ? [documents.address]
              : [],
      })),
    },
    recentTransactions: [
      adminTransaction({ id: "5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d", amountSats: "250000" }),
    ],
    loginHistory: [
      {
        id: "6e3d2c1b-0a9f-4b8c-9d7e-6f5a4b3c2d1e",
        timestamp: localIso(2025, 4, 15, 9, 30),
        ipAddress: "203.0.113.7",
        device: "Chrome on macOS",
        location: "London, United Kingdom",
        status: "success",
        reasons: [],
        kind: "signIn",
        method: "password",
        passkeyName: null,
      },
    ],
    passkeys: [
      {
        id: "7f4e3d2c-1b0a-4c9d-8e7f-6a5b4c3d2e1f",
        name: "Ada's phone",
        device: "Google Password Manager",
        synced: true,
        createdAt: localIso(2025, 4, 10, 8, 0),
        lastUsedAt: localIso(2025, 4, 15, 9, 30),
        flagged: true,
      },
    ],
    auditEvents: [],
  };
}

/** A pending basic submission of Ada's, with identity (image), address (PDF) and selfie. */
export function kycReview(overrides: Partial<KycReview> = {}): KycReview {
  return {
    id: "5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b",
    level: "basic",
    status: "pending",
    reviewMode: "manual",
    reason: null,
    submittedAt: localIso(2025, 4, 17, 12, 3),
    decidedAt: null,
    decidedBy: null,
    decidedByStaff: null,
    customer: { id: ada.id, name: ada.name, email: ada.email, username: ada.username },
    sourceOfFunds: null,
    documents: [documents.identity, documents.address, documents.selfie],
    history: [],
    decidable: true,
    ...overrides,
  };
}

/** An open support request of Ada's. */
export function supportRequest(overrides: Partial<AdminSupportRequest> = {}): AdminSupportRequest {
  return {
    id: "8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d",
    subject: "Where is my deposit?",
    message: "I sent 0.01 BTC an hour ago.\nIt does not show yet.",
    email: ada.email,
    status: "open",
    createdAt: localIso(2025, 4, 16, 8, 0),
    source: "account",
    name: null,
    customer: { id: ada.id, name: ada.name, email: ada.email, username: ada.username },
    replies: [],
    ...overrides,
  };
}

/** Another member of staff (a second approval must come from someone else: four eyes). */
export const approver = { id: "2d9c5e4a-7b3f-4e0a-9d4c-8f6b3c9e5a12", name: "Approver" } as const;

/**
 * Ada's withdrawal of 0.02 BTC waiting for one approval (above the review amount) to an address nobody
 * paid before, with her context: verified, two recent sends, one sign-in.
 */
export function adminWithdrawal(overrides: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return {
    id: "6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d",
    customer: { id: ada.id, name: ada.name, email: ada.email, username: ada.username },
    address: BC_ADDRESS,
    amountSats: "2000000",
    feeSats: "1000",
    status: "awaiting_approval",
    approvalsNeeded: 1,
    reviewReason: "amount",
    heldUntil: null,
    rejectionReason: null,
    decisions: [],
    context: {
      kycLevel: 1,
      accountCreatedAt: localIso(2025, 1, 2, 3, 4),
      recentSends: [
        {
          id: "7b8c9d0e-1f2a-4b3c-9d4e-5f6a7b8c9d0e",
          amountSats: "120000",
          to: "demo",
          status: "completed",
          createdAt: localIso(2025, 4, 10, 9, 30),
        },
        {
          id: "8c9d0e1f-2a3b-4c4d-8e5f-6a7b8c9d0e1f",
          amountSats: "50000",
          to: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
          status: "failed",
          createdAt: localIso(2025, 4, 12, 18, 0),
        },
      ],
      recentSignIns: [
        {
          id: "9d0e1f2a-3b4c-4d5e-9f6a-7b8c9d0e1f2a",
          timestamp: localIso(2025, 4, 17, 11, 58),
          ipAddress: "203.0.113.7",
          device: "Firefox on Linux",
          location: "Lisbon, Portugal",
          status: "success",
          reasons: [],
          kind: "signIn",
          method: "password",
          passkeyName: null,
        },
      ],
      addressHistory: { byCustomer: 0, byOthers: 0, firstPaidAt: null },
    },
    createdAt: localIso(2025, 4, 17, 12, 3),
    ...overrides,
  };
}

/** The books with every check holding; override a part to break one. */
export function books(overrides: Partial<Books> = {}): Books {
  return {
    checkedAt: localIso(2025, 4, 17, 15, 0),
    ok: true,
    ledger: { booksBalanced: true, totalSats: "0", negativeCustomerAccounts: 0, mismatchedAccounts: 0 },
    hotWallet: {
      ledgerSats: "150000000",
      coinsSats: "150000000",
      matches: true,
      coins: { availableSats: "149000000", lockedSats: "1000000", missingSats: "0" },
    },
    coldVault: { ledgerSats: "0", coinsSats: "0", matches: true },
    reserves: { reservesSats: "150000000", liabilitiesSats: "120000000", covered: true },
    solvency: {
      ok: true,
      checkedAt: localIso(2025, 4, 17, 15, 0),
      liabilitiesSats: "120000000",
      reserves: { hotSats: "150000000", vaultSats: "0", totalSats: "150000000" },
      problems: [],
      paused: false,
      pausedSince: null,
      resumed: null,
    },
    sweeps: [],
    pendingWithdrawals: {
      queued: { count: 2, sumSats: "300000" },
      sent: { count: 1, sumSats: "100000" },
    },
    reorgedDeposits: { count: 0, sumSats: "0", items: [] },
    chain: {
      backend: "bitcoind",
      follower: { height: 840_000, hash: "00".repeat(32), processedAt: localIso(2025, 4, 17, 14, 58) },
      tip: { available: true, height: 840_002, hash: "11".repeat(32) },
      lagBlocks: 2,
    },
    ...overrides,
  };
}

export const REFILL_ID = "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f";

/**
 * Grace's refill of 0.03 BTC waiting for signatures: two vault coins, the first signed by key 1, with the
 * vault's change; override what the test is about.
 */
export function vaultRefill(overrides: Partial<VaultRefill> = {}): VaultRefill {
  return {
    id: REFILL_ID,
    status: "awaiting_signatures",
    amountSats: "3000000",
    minerFeeSats: "420",
    reason: "Withdrawals this afternoon",
    txid: "cd".repeat(32),
    hotAddress: "bcrt1qhotwallet0000000000000000000000000000",
    change: { address: "bcrt1qvaultchange00000000000000000000000000000000000000000", sats: "999580" },
    inputs: [
      { txid: "e1".repeat(32), vout: 0, valueSats: "2000000", signedBy: [1] },
      { txid: "e2".repeat(32), vout: 1, valueSats: "2000000", signedBy: [] },
    ],
    complete: false,
    createdBy: { id: staff.id, name: staff.name },
    createdAt: localIso(2025, 4, 17, 9, 15),
    broadcastAt: null,
    confirmedAt: null,
    blockHeight: null,
    failure: null,
    psbtUrl: `/api/admin/vault/refills/${REFILL_ID}/psbt`,
    ...overrides,
  };
}

type ConfiguredVault = Extract<VaultOverview, { configured: true }>;

/** A sweep of 0.015 BTC to the vault, confirmed in block 840,010. */
export function vaultSweep(overrides: Partial<VaultSweep> = {}): VaultSweep {
  return {
    txid: "f0".repeat(32),
    status: "confirmed",
    amountSats: "1500000",
    minerFeeSats: "310",
    address: "bcrt1qvaultreceive000000000000000000000000000000000000000",
    createdAt: localIso(2025, 4, 16, 18, 0),
    confirmedAt: localIso(2025, 4, 16, 18, 20),
    blockHeight: 840_010,
    ...overrides,
  };
}

/** The Vault tab with a vault: 0.5 BTC in it, the hot wallet 0.03 BTC below its target, one refill, one sweep. */
export function vaultOverview(overrides: Partial<ConfiguredVault> = {}): ConfiguredVault {
  return {
    configured: true,
    descriptor:
      "wsh(sortedmulti(2,[aabbccdd/48h/1h/0h/2h]tpubKEY1/<0;1>/*,[11223344/48h/1h/0h/2h]tpubKEY2/<0;1>/*,[55667788/48h/1h/0h/2h]tpubKEY3/<0;1>/*))#x2t3k5ve",
    keys: [
      {
        number: 1,
        fingerprint: "aabbccdd",
        path: "m/48h/1h/0h/2h",
        xpub: `tpubD6NzVbkrYhZ4X${"a".repeat(94)}`,
      },
      {
        number: 2,
        fingerprint: "11223344",
        path: "m/48h/1h/0h/2h",
        xpub: `tpubD6NzVbkrYhZ4Y${"b".repeat(94)}`,
      },
      {
        number: 3,
        fingerprint: "55667788",
        path: "m/48h/1h/0h/2h",
        xpub: `tpubD6NzVbkrYhZ4Z${"c".repeat(94)}`,
      },
    ],
    vault: { availableSats: "50000000", lockedSats: "4000000", incomingSats: "1500000", coins: 3 },
    hotWallet: {
      availableSats: "2000000",
      lockedSats: "100000",
      maxSats: "10000000",
      targetSats: "5000000",
      suggestedRefillSats: "3000000",
    },
    refills: [vaultRefill()],
    sweeps: [vaultSweep()],
    ...overrides,
  };
}

/** An audit log entry: Grace deactivated Ada. */
export function auditEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: "42",
    action: "customer.deactivated",
    actor: { id: staff.id, name: staff.name, email: staff.email },
    target: { type: "customer", id: ada.id },
    customer: { id: ada.id, name: ada.name, email: ada.email, username: ada.username },
    ipAddress: "198.51.100.4",
    userAgent: "Mozilla/5.0 (Macintosh)",
    reason: "Suspected account takeover",
    details: {},
    createdAt: localIso(2025, 4, 17, 16, 20),
    ...overrides,
  };
}

/** The query strings sent to one GET endpoint, in order ("q=ada&page=1"). */
export function queriesTo(fetchMock: { mock: { calls: unknown[][] } }, pathname: string): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname === pathname)
    .map((url) => url.searchParams.toString());
}
