// The proof module: proof of reserves' liabilities (issue 23, docs/proof-of-reserves.md). An epoch freezes
// every customer balance, the ledger's position and the follower's block in one snapshot, builds the
// Merkle-sum tree of @satsbank/verify over shuffled, salted leaves, signs its root with the bank's proof
// key and stores root, leaves and nodes. It publishes the epochs (public) and each customer's own leaf and
// path (signed in), and each epoch's reserves proof (BIP-127) over the coins the chain shows at its block.
// It owns proof_epochs, proof_leaves, proof_nodes and proof_reserves.
export { buildEpoch, NO_BLOCK_YET } from "./build-epoch.js";
export {
  type ProofContext,
  proofContextOf,
  proofSettingsOf,
  type ReservesSettings,
  reservesSettingsOf,
} from "./context.js";
export { buildDailyEpoch, lastScheduled } from "./daily-epoch.js";
export { buildFirstEpoch } from "./first-epoch.js";
export { getEpochProof, getMyLeaf, listEpochs, NO_LEAF, NO_SUCH_EPOCH } from "./get-proof.js";
export { findNewestCompleteReserves } from "./reserves-queries.js";
export { BUILD_EPOCH_PATH, proofRoutes } from "./routes.js";
