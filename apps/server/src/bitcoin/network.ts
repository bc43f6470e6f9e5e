import { NETWORK, TEST_NETWORK } from "@scure/btc-signer";

export const bitcoinNetworks = ["mainnet", "testnet", "signet", "regtest"] as const;
export type BitcoinNetwork = (typeof bitcoinNetworks)[number];

type NetworkParams = typeof NETWORK;

/** Address parameters and the BIP84 coin type of each network. Signet shares testnet's encodings. */
export const networkParams: Record<BitcoinNetwork, { params: NetworkParams; coinType: 0 | 1 }> = {
  mainnet: { params: NETWORK, coinType: 0 },
  testnet: { params: TEST_NETWORK, coinType: 1 },
  signet: { params: TEST_NETWORK, coinType: 1 },
  regtest: { params: { ...TEST_NETWORK, bech32: "bcrt" }, coinType: 1 },
};
