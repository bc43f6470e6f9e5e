// Bitcoin Core's answers to what the sandbox node refuses. The refusal itself is the server's
// SandboxRefusal (bitcoin/chain/sandbox-controls.ts): the dev routes turn it into a 400.

/** Bitcoin Core's JSON-RPC error codes the node answers with. */
export const RPC_ERROR = {
  INVALID_PARAMETER: -8,
  INVALID_ADDRESS_OR_KEY: -5,
  DESERIALIZATION_ERROR: -22,
  VERIFY_ERROR: -25,
  VERIFY_REJECTED: -26,
  VERIFY_ALREADY_IN_CHAIN: -27,
  WALLET_INSUFFICIENT_FUNDS: -6,
} as const;
