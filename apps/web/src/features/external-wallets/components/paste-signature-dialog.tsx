import type { WalletChallenge, WalletProvider } from "@satsbank/shared";
import { useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { AddressStep } from "./address-step";
import { SignatureStep } from "./signature-step";

export interface PasteSignatureDialogProps {
  /** The wallet being connected; null keeps the dialog closed. */
  provider: WalletProvider | null;
  onClose: () => void;
}

/**
 * Connecting without a browser extension: the person gives an address of the wallet, signs the bank's
 * message with it in the wallet, and pastes the signature. The bank checks it before anything is kept.
 */
export function PasteSignatureDialog({ provider, onClose }: PasteSignatureDialogProps) {
  return (
    <Dialog open={provider !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {provider && <PasteSignatureSteps key={provider.id} provider={provider} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function PasteSignatureSteps({ provider, onClose }: { provider: WalletProvider; onClose: () => void }) {
  const [address, setAddress] = useState("");
  const [challenge, setChallenge] = useState<WalletChallenge | null>(null);
  const [notice, setNotice] = useState<string>();
  return (
    <>
      <DialogHeader>
        <DialogTitle>Connect {provider.name}</DialogTitle>
        <DialogDescription>
          {challenge === null
            ? "Prove the wallet is yours: give one of its addresses, then sign our message with it."
            : "Sign this message in your wallet and paste the signature."}
        </DialogDescription>
      </DialogHeader>
      {challenge === null ? (
        <AddressStep
          provider={provider}
          address={address}
          notice={notice}
          onChallenge={(made) => {
            setAddress(made.address);
            setNotice(undefined);
            setChallenge(made);
          }}
          onCancel={onClose}
        />
      ) : (
        <SignatureStep
          provider={provider}
          challenge={challenge}
          onConnected={onClose}
          onBack={(why) => {
            setNotice(why);
            setChallenge(null);
          }}
        />
      )}
    </>
  );
}
