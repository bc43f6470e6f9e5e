import { type WalletProvider, type WalletProviderId, walletProviders } from "@satsbank/shared";
import { useState } from "react";
import { LoadError } from "@/components/load-error";
import { Spinner } from "@/components/ui/spinner";
import { useConnectExternalWallet } from "../api/connect-external-wallet";
import { useCreateWalletChallenge } from "../api/create-wallet-challenge";
import { useDisconnectExternalWallet } from "../api/disconnect-external-wallet";
import { useExternalWallet } from "../api/get-external-wallet";
import { browserWallet } from "../lib/browser-wallet";
import {
  notifyConnected,
  notifyConnectionFailed,
  notifyDisconnected,
  notifyDisconnectFailed,
} from "../lib/messages";
import { PasteSignatureDialog } from "./paste-signature-dialog";
import { type WalletCardState, WalletProviderCard } from "./wallet-provider-card";

/**
 * One card per wallet provider option. Connect asks the wallet's browser extension for the address and
 * the signature when the browser has it (UniSat), and opens the paste path otherwise. The connected
 * wallet is the server's: one at a time, a new one replacing it.
 */
export function ConnectWallet() {
  const wallet = useExternalWallet();
  const createChallenge = useCreateWalletChallenge();
  const connect = useConnectExternalWallet();
  const disconnect = useDisconnectExternalWallet();
  // The provider whose connection is under way: in its extension, or in the paste dialog.
  const [viaExtension, setViaExtension] = useState<WalletProviderId | null>(null);
  const [pasting, setPasting] = useState<WalletProvider | null>(null);

  async function connectWith(provider: WalletProvider) {
    const extension = browserWallet(provider.id);
    if (extension === undefined) return setPasting(provider);
    setViaExtension(provider.id);
    try {
      const address = await extension.address();
      const challenge = await createChallenge.mutateAsync({ provider: provider.id, address });
      const signature = await extension.sign(challenge.message);
      await connect.mutateAsync({ challengeId: challenge.challengeId, signature });
      notifyConnected(provider.id);
    } catch {
      // Refused in the wallet, or by the bank: the same words either way.
      notifyConnectionFailed();
    } finally {
      setViaExtension(null);
    }
  }

  if (wallet.isPending) return <Spinner label="Loading your wallets" />;
  if (wallet.isError) {
    return <LoadError message="Your wallets could not be loaded." onRetry={() => void wallet.refetch()} />;
  }

  const connected = wallet.data;
  const stateOf = (id: WalletProviderId): WalletCardState => {
    if (viaExtension === id || pasting?.id === id) return "connecting";
    return connected?.provider === id ? "connected" : "idle";
  };

  return (
    <>
      <ul className="flex flex-col gap-3">
        {walletProviders.map((provider) => (
          <li key={provider.id}>
            <WalletProviderCard
              provider={provider}
              state={stateOf(provider.id)}
              wallet={connected?.provider === provider.id ? connected : undefined}
              onConnect={() => void connectWith(provider)}
              onDisconnect={() =>
                disconnect.mutate(undefined, {
                  onSuccess: () => notifyDisconnected(provider.id),
                  onError: notifyDisconnectFailed,
                })
              }
              disconnecting={disconnect.isPending}
            />
          </li>
        ))}
      </ul>
      <PasteSignatureDialog provider={pasting} onClose={() => setPasting(null)} />
    </>
  );
}
