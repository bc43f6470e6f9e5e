// The wallet's own texts; the specification's send messages live in packages/shared (sendMessages,
// sendErrors).
export const walletText = {
  outsideAddress: "Sending to outside addresses is not available yet",
  otherNetworkAddress: "That address belongs to another Bitcoin network",
} as const;
