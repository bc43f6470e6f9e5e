import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { useUploadReservesSignatures } from "../api/upload-reserves-signatures";
import { reservesUploadToasts } from "../lib/reserves-text";
import { SignedPsbtForm } from "./signed-psbt-form";

/**
 * Upload a PSBT a vault key holder signed for an epoch's reserves proof (SignedPsbtForm). The server keeps
 * its valid vault signatures; with two per vault coin the proof is published, covered or failing.
 */
export function ReservesUploadDialog({ epoch }: { epoch: number }) {
  const [open, setOpen] = useState(false);
  const upload = useUploadReservesSignatures();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          Upload signed PSBT
          <span className="sr-only">{` for epoch ${epoch}`}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Upload a signed PSBT</DialogTitle>
          <DialogDescription>
            {`Epoch ${epoch}'s reserves proof, signed by a vault key holder's wallet. Its valid signatures are kept; once every vault coin has two, the proof is published.`}
          </DialogDescription>
        </DialogHeader>
        {open && (
          <SignedPsbtForm
            // Complete meanwhile (another upload finished it): nothing to retry from here.
            refusedTitle="PSBT not accepted"
            send={async (psbt) => reservesUploadToasts(epoch, await upload.mutateAsync({ epoch, psbt }))}
            onClose={() => setOpen(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
