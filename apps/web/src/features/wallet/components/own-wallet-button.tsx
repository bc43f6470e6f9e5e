import { WalletMinimal } from "lucide-react";
import { Button } from "@/components/ui/button";

/** The customer's own outside wallet as a recipient: what the button says and the address it fills in. */
export interface OwnWallet {
  /** "Send to my UniSat Wallet" */
  label: string;
  address: string;
}

/** One tap fills the Recipient with the connected wallet's address; the send is then a normal withdrawal. */
export function OwnWalletButton({ wallet, onPick }: { wallet: OwnWallet; onPick: () => void }) {
  return (
    <Button variant="outline" size="sm" onClick={onPick} className="-mt-2 self-start">
      <WalletMinimal aria-hidden="true" />
      {wallet.label}
    </Button>
  );
}
