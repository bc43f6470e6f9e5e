/** Every API URL, written once: the server registers these, the web app fetches them. */
export const apiPaths = {
  meta: "/api/meta",
  auth: {
    signup: "/api/auth/signup",
    login: "/api/auth/login",
    verify: "/api/auth/login/verify",
    /** `POST { challengeId, recoveryCode }`: step 2 with a recovery code (the authenticator app lost). */
    recovery: "/api/auth/login/recovery",
    /** `POST { challengeId }`: "Resend code": a new emailed code for the open sign-in (a few per account). */
    resendCode: "/api/auth/login/resend",
    logout: "/api/auth/logout",
    me: "/api/auth/me",
    resetRequest: "/api/auth/password-reset",
    resetConfirm: "/api/auth/password-reset/confirm",
    verifyEmail: "/api/auth/verify-email",
    verifyEmailResend: "/api/auth/verify-email/resend",
    /** Passkeys' WebAuthn ceremonies (issue 22): create one (signed in, fresh proof), sign in or prove with one. */
    passkeys: {
      registrationOptions: "/api/auth/passkeys/registration/options",
      registrationVerify: "/api/auth/passkeys/registration/verify",
      authenticationOptions: "/api/auth/passkeys/authentication/options",
      authenticationVerify: "/api/auth/passkeys/authentication/verify",
    },
  },
  account: {
    password: "/api/account/password",
    twoFactorSetup: "/api/account/two-factor/setup",
    twoFactorEnable: "/api/account/two-factor/enable",
    twoFactorDisable: "/api/account/two-factor/disable",
    /** `GET`: how many recovery codes are left; `POST`: new ones (the old ones stop working). */
    recoveryCodes: "/api/account/two-factor/recovery-codes",
    loginHistory: "/api/account/login-history",
    /** `PATCH`: Account Details' name and phone. */
    profile: "/api/account/profile",
    /** `GET`: Security > Passkeys: the person's passkeys, the withdrawal setting, the session's fresh proof. */
    passkeys: "/api/account/passkeys",
    /** `PATCH { name }`: rename; `DELETE`: remove (the last one needs a fresh proof). */
    passkey: (passkeyId: string) => `/api/account/passkeys/${encodeURIComponent(passkeyId)}`,
    /** `PATCH { approveWithdrawals }`: turning it off needs a fresh proof. */
    passkeySettings: "/api/account/passkeys/settings",
    /** `POST { currentPassword }`: a fresh proof without a passkey, step 1; opens the second step. */
    reauthenticate: "/api/account/reauthenticate",
    /** `POST { challengeId, code }`: step 2; the session's proof is fresh after it. */
    reauthenticateVerify: "/api/account/reauthenticate/verify",
  },
  wallet: {
    summary: "/api/wallet",
    receive: "/api/wallet/receive",
    quote: "/api/wallet/send/quote",
    /** `POST`: whom a recipient names and the network fee of a send to them, before any amount. */
    recipient: "/api/wallet/send/recipient",
    send: "/api/wallet/send",
    /** `GET`: the customers the signed-in customer sent to last (RECENT_PAYEES_LIMIT), newest first. */
    recentPayees: "/api/wallet/payees/recent",
    /** `POST`: the customer cancels a withdrawal still held or waiting for approval (the money comes back). */
    cancelWithdrawal: (transactionId: string) =>
      `/api/wallet/withdrawals/${encodeURIComponent(transactionId)}/cancel`,
  },
  kyc: {
    overview: "/api/kyc",
    /** `POST` (multipart): upload one file. */
    documents: "/api/kyc/documents",
    /** `GET /api/kyc/documents/:documentId`: the file, to its owner and to staff, as an attachment. */
    document: (documentId: string) => `/api/kyc/documents/${encodeURIComponent(documentId)}`,
    submissions: "/api/kyc/submissions",
  },
  support: {
    /** `POST`: a customer's support request. */
    requests: "/api/support/requests",
    /** `POST`: the public contact form (no session: signed out, deactivated, or no account). */
    contact: "/api/support/contact",
    /** The figures the FAQ states (fee, daily send limits, confirmations). */
    facts: "/api/support/facts",
  },
  externalWallets: {
    /** `GET`: the connected wallet (or null); `POST`: connect one with a signed challenge. */
    current: "/api/external-wallets",
    /** `POST`: a new message to sign for an address. */
    challenges: "/api/external-wallets/challenges",
    /** `POST`: forget the connected wallet. */
    disconnect: "/api/external-wallets/disconnect",
  },
  /** Proof of reserves (issue 23): public, but for a customer's own leaf. */
  proof: {
    /** `GET`: the epochs, newest first. */
    epochs: "/api/proof",
    /** `GET /api/proof/:epoch`: the signed root. */
    epoch: (epoch: number) => `/api/proof/${epoch}`,
    /** `GET /api/proof/:epoch/me` (signed in): the customer's leaf and path. */
    mine: (epoch: number) => `/api/proof/${epoch}/me`,
  },
  /** Proof of reserves, staff side: build an epoch now, and bring the vault's signatures to its reserves proof. */
  adminProof: {
    /** `GET`: the epochs with their reserves' state; `POST`: build an epoch now (audited). */
    epochs: "/api/admin/proof/epochs",
    /** `GET`: the reserves proof's PSBT as an attachment (binary .psbt; `?format=base64` for text). */
    reservesPsbt: (epoch: number) => `/api/admin/proof/epochs/${epoch}/reserves/psbt`,
    /** `POST { psbt }`: a key holder's signed PSBT; once two keys signed every vault coin, it is published. */
    reservesSignatures: (epoch: number) => `/api/admin/proof/epochs/${epoch}/reserves/signatures`,
  },
  transactions: {
    list: "/api/transactions",
    /** `GET /api/transactions/:transactionId` */
    one: (transactionId: string) => `/api/transactions/${encodeURIComponent(transactionId)}`,
    /** `GET`: the transaction's receipt, signed with the bank's proof key (`satsbank-verify receipt`). */
    receipt: (transactionId: string) => `/api/transactions/${encodeURIComponent(transactionId)}/receipt`,
    /** `PUT { label }`: the customer's own label on their transaction (`""` removes it). */
    label: (transactionId: string) => `/api/transactions/${encodeURIComponent(transactionId)}/label`,
    /** `GET`: the filtered history as a CSV or JSON attachment, streamed (exportTransactionsQuerySchema). */
    export: "/api/transactions/export",
  },
  labels: {
    /** `GET`: the customer's labels as BIP-329 JSON Lines (an attachment); `POST` (the file's text): import. */
    bip329: "/api/labels/bip329",
    /** `PUT { label }`: the customer's label of one of their deposit addresses (`""` removes it). */
    address: (address: string) => `/api/labels/addresses/${encodeURIComponent(address)}`,
  },
  statements: {
    /** `GET /api/statements/:month?timeZone=`: the customer's statement of a month ("2026-10"). */
    month: (month: string) => `/api/statements/${encodeURIComponent(month)}`,
  },
  notifications: {
    /** `GET`: a keyset page, newest first, with the unread count. */
    list: "/api/notifications",
    /** `POST /api/notifications/:notificationId/read`: opening one marks it read. */
    read: (notificationId: string) => `/api/notifications/${encodeURIComponent(notificationId)}/read`,
    /** `POST`: Mark all as read. */
    readAll: "/api/notifications/read-all",
    /** `GET`: text/event-stream of the notifications made while it is open. */
    stream: "/api/notifications/stream",
    /** `GET`, `PATCH`: Notification Settings. */
    settings: "/api/notifications/settings",
  },
  admin: {
    /** `GET`: the header ("Admin Dashboard", "Super Admin") and the staff's two-factor state. */
    me: "/api/admin/me",
    ledgerHealth: "/api/admin/ledger/health",
    /** `GET`: Banking Customers (search, sort, offset pages). */
    customers: "/api/admin/customers",
    /** `GET /api/admin/customers/:userId`: User Details. */
    customer: (userId: string) => `/api/admin/customers/${encodeURIComponent(userId)}`,
    /** `POST /api/admin/customers/:userId/deactivate`: with a reason; ends their sessions. */
    deactivateCustomer: (userId: string) => `/api/admin/customers/${encodeURIComponent(userId)}/deactivate`,
    /** `POST /api/admin/customers/:userId/reactivate`: with a reason. */
    reactivateCustomer: (userId: string) => `/api/admin/customers/${encodeURIComponent(userId)}/reactivate`,
    /** `POST /api/admin/customers/:userId/messages`: a message from staff, as a notification. */
    customerMessages: (userId: string) => `/api/admin/customers/${encodeURIComponent(userId)}/messages`,
    /** `GET /api/admin/customers/:userId/statements/:month?timeZone=`: a customer's statement (audited). */
    customerStatement: (userId: string, month: string) =>
      `/api/admin/customers/${encodeURIComponent(userId)}/statements/${encodeURIComponent(month)}`,
    /** `GET`: Transaction History (filters, keyset pages). */
    transactions: "/api/admin/transactions",
    /** `GET`: the filtered Transaction History as a CSV attachment, streamed. */
    transactionsExport: "/api/admin/transactions/export.csv",
    /** `GET`: KYC Reviews (`?status=pending`, oldest first). */
    kycSubmissions: "/api/admin/kyc/submissions",
    /** `POST /api/admin/kyc/submissions/:submissionId/decision` */
    kycDecision: (submissionId: string) =>
      `/api/admin/kyc/submissions/${encodeURIComponent(submissionId)}/decision`,
    /** `GET`: support requests (`?status=open`). */
    support: "/api/admin/support",
    /** `POST /api/admin/support/:requestId/reply`: mailed to the customer and notified; status answered. */
    supportReply: (requestId: string) => `/api/admin/support/${encodeURIComponent(requestId)}/reply`,
    /** `POST /api/admin/support/:requestId/close` */
    supportClose: (requestId: string) => `/api/admin/support/${encodeURIComponent(requestId)}/close`,
    /** `GET`: the Approvals tab (`?status=awaiting_approval`, oldest first). */
    withdrawals: "/api/admin/withdrawals",
    /** `POST /api/admin/withdrawals/:withdrawalId/approve` (four eyes above the dual amount). */
    approveWithdrawal: (withdrawalId: string) =>
      `/api/admin/withdrawals/${encodeURIComponent(withdrawalId)}/approve`,
    /** `POST /api/admin/withdrawals/:withdrawalId/reject` with a reason the customer reads. */
    rejectWithdrawal: (withdrawalId: string) =>
      `/api/admin/withdrawals/${encodeURIComponent(withdrawalId)}/reject`,
    /** `GET`: the books' invariants, pending withdrawals, reorganised deposits, the follower's lag. */
    books: "/api/admin/books",
    /** `POST /api/admin/books/deposits/:txid/:vout/reverse`: a reorganised deposit taken back (a reason). */
    reverseDeposit: (txid: string, vout: number) =>
      `/api/admin/books/deposits/${encodeURIComponent(txid)}/${vout}/reverse`,
    /** `POST /api/admin/books/deposits/:txid/:vout/absorb`: a reorganised deposit the bank bears (a reason). */
    absorbDeposit: (txid: string, vout: number) =>
      `/api/admin/books/deposits/${encodeURIComponent(txid)}/${vout}/absorb`,
    /** `GET`: the solvency watchdog's last check and whether payouts are paused. */
    solvency: "/api/admin/solvency",
    /** `POST`: staff resume paused payouts by hand, with a reason. */
    solvencyResume: "/api/admin/solvency/resume",
    /** `GET`: the audit log (search, keyset pages); read-only. */
    audit: "/api/admin/audit",
    /** `GET`: the Vault tab (the descriptor, the vault's coins, the hot wallet's max and target, refills, sweeps). */
    vault: "/api/admin/vault",
    /** `POST`: start a refill (`{ amountSats, reason }`): the unsigned PSBT is made and its coins locked. */
    vaultRefills: "/api/admin/vault/refills",
    /** `GET /api/admin/vault/refills/:refillId` */
    vaultRefill: (refillId: string) => `/api/admin/vault/refills/${encodeURIComponent(refillId)}`,
    /** `GET`: the refill's PSBT as an attachment (binary .psbt; `?format=base64` for text). */
    vaultRefillPsbt: (refillId: string) => `/api/admin/vault/refills/${encodeURIComponent(refillId)}/psbt`,
    /** `POST`: a signed PSBT (`{ psbt }`, base64): its valid signatures are kept; two per input broadcast it. */
    vaultRefillSignatures: (refillId: string) =>
      `/api/admin/vault/refills/${encodeURIComponent(refillId)}/signatures`,
    /** `POST`: cancel a refill waiting for signatures (`{ reason }`): its coins are free again. */
    vaultRefillCancel: (refillId: string) =>
      `/api/admin/vault/refills/${encodeURIComponent(refillId)}/cancel`,
  },
  dev: {
    mailbox: "/api/dev/mailbox",
    /** Tests only (TEST_CLOCK=manual): the server's time, and moving it forward. */
    clock: "/api/dev/clock",
    sandbox: {
      pay: "/api/dev/sandbox/pay",
      mine: "/api/dev/sandbox/mine",
      reorg: "/api/dev/sandbox/reorg",
      /** `POST`: the sandbox node's JSON-RPC, in Bitcoin Core's shapes (what `satsbank-verify --chain` reads). */
      rpc: "/api/dev/sandbox/rpc",
    },
  },
} as const;
