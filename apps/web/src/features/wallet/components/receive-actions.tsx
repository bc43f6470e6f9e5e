import { receiveMessages } from "@satsbank/shared";
import { Copy, Share2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { copyText } from "@/lib/clipboard";
import { notify } from "@/lib/notify";
import { shareAddress } from "../lib/share-address";

/** Copy and Share for the deposit address, side by side under it. */
export function ReceiveActions({ address }: { address: string }) {
  async function copy() {
    if (await copyText(address)) notify.success(receiveMessages.copied);
  }
  return (
    <div className="grid w-full grid-cols-2 gap-3">
      <Button onClick={() => void copy()}>
        <Copy aria-hidden="true" />
        Copy Address
      </Button>
      <Button variant="outline" onClick={() => void shareAddress(address)}>
        <Share2 aria-hidden="true" />
        Share
      </Button>
    </div>
  );
}
