import { DEFAULT_BRAND_NAME, PAYMENT_LABEL_MAX_LENGTH } from "@satsbank/shared";
import { useId } from "react";
import { AmountInput } from "@/components/amount-input";
import { CopyButton } from "@/components/copy-button";
import { FormField } from "@/components/form-field";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { isAmountCharacters } from "@/lib/amount-input";
import { useBrandName } from "@/lib/api/meta";
import { sendLinkPath } from "../lib/send-link";
import type { PaymentRequestState } from "../lib/use-payment-request";

/**
 * "Request a payment": an optional amount and label, which make the QR code above a payment request
 * (BIP-21), and a link that opens another customer's Send screen filled in (they still review and confirm).
 */
export function PaymentRequestForm({ state, username }: { state: PaymentRequestState; username: string }) {
  const headingId = useId();
  const brandName = useBrandName() ?? DEFAULT_BRAND_NAME;
  const link = `${window.location.origin}${sendLinkPath({
    to: username,
    amountSats: state.request.amountSats,
    note: state.request.label,
  })}`;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id={headingId} className="text-base font-semibold">
            Request a payment
          </h2>
          <p className="text-sm text-muted-foreground">
            Add an amount or a label and the QR code asks for it: wallets that read it fill it in.
          </p>
        </div>
        <FormField label="Amount (BTC, optional)" error={state.amountProblem}>
          {(control) => (
            <AmountInput
              {...control}
              value={state.amountText}
              onValueChange={state.typeAmount}
              accepts={isAmountCharacters}
              onRefused={state.refuseAmount}
              placeholder="0.00000000"
            />
          )}
        </FormField>
        <FormField
          label="Label (optional)"
          error={state.labelProblem}
          hint="For example your name or what it is for"
        >
          {(control) => (
            <Input
              {...control}
              value={state.labelText}
              maxLength={PAYMENT_LABEL_MAX_LENGTH}
              autoComplete="off"
              onChange={(event) => state.typeLabel(event.target.value)}
            />
          )}
        </FormField>
        {state.requested && (
          <div className="flex flex-col gap-2 rounded-xl bg-muted px-4 py-3">
            <p className="text-sm font-medium">{`Link for another ${brandName} customer`}</p>
            <div className="flex items-start gap-2">
              <p className="min-w-0 flex-1 font-mono text-xs leading-relaxed break-all">{link}</p>
              <CopyButton value={link} label="Copy link" copiedTitle="Link copied" />
            </div>
            <p className="text-xs text-muted-foreground">
              It opens their Send screen filled in with your username, the amount and the label as the note.
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
