// The proof module: proof of reserves' liabilities (issue 23, docs/proof-of-reserves.md). An epoch freezes
// every customer balance, the ledger's position and the follower's block in one snapshot, builds the
// Merkle-sum tree of @satsbank/verify over shuffled, salted leaves, signs its root with the bank's proof
// key and stores root, leaves and nodes. It publishes the epochs (public) and each customer's own leaf and
// path (signed in). It owns proof_epochs, proof_leaves and proof_nodes.
export { buildEpoch, NO_BLOCK_YET } from "./build-epoch.js";
export { type ProofContext, proofSettingsOf } from "./context.js";
export { buildDailyEpoch, lastScheduled } from "./daily-epoch.js";
export { buildFirstEpoch } from "./first-epoch.js";
export { getEpochProof, getMyLeaf, listEpochs, NO_LEAF, NO_SUCH_EPOCH } from "./get-proof.js";
export { BUILD_EPOCH_PATH, proofRoutes } from "./routes.js";
