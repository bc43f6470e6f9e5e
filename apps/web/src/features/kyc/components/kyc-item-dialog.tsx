import type { KycItem } from "@satsbank/shared";
import { CloseDialogFooter } from "@/components/close-dialog-footer";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { KycItemFacts } from "./kyc-item-facts";

/** A verified item's "View" button and the dialog it opens: status, document type, submission date, message. */
export function KycItemDialog({ item }: { item: KycItem }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`View ${item.title}`}>
          View
        </Button>
      </DialogTrigger>
      <DialogContent showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>{item.title}</DialogTitle>
          <DialogDescription>{item.description}</DialogDescription>
        </DialogHeader>
        <KycItemFacts item={item} />
        <CloseDialogFooter />
      </DialogContent>
    </Dialog>
  );
}
