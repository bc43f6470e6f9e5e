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
import { useUploadRefillSignatures } from "../api/upload-refill-signatures";
import { uploadToasts } from "../lib/vault-text";
import { SignedPsbtForm } from "./signed-psbt-form";

/**
 * Upload a PSBT a key holder signed for this refill (SignedPsbtForm). The server keeps its valid signatures;
 * with two per vault coin, the refill is broadcast.
 */
export function UploadSignaturesDialog({ refillId, amount }: { refillId: string; amount: string }) {
  const [open, setOpen] = useState(false);
  const upload = useUploadRefillSignatures();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          Upload signed PSBT
          <span className="sr-only">{` for the refill of ${amount}`}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Upload a signed PSBT</DialogTitle>
          <DialogDescription>
            {`The refill of ${amount}, signed by a key holder's wallet. Its valid signatures are kept; once every vault coin has two, the refill is broadcast.`}
          </DialogDescription>
        </DialogHeader>
        {open && (
          <SignedPsbtForm
            // The refill moved on meanwhile (broadcast, cancelled, gone): nothing to retry from here.
            refusedTitle="PSBT not accepted"
            send={async (psbt) => uploadToasts(await upload.mutateAsync({ refillId, psbt }))}
            onClose={() => setOpen(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
