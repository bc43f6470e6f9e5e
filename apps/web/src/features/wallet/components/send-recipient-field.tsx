import { isPaymentRequestText, type PaymentRequest, parsePaymentRequest } from "@satsbank/shared";
import { ClipboardPaste, ScanLine } from "lucide-react";
import { useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { notify } from "@/lib/notify";
import { canReadClipboard, readClipboard, useCanScanQr } from "../lib/recipient-sources";
import { QrScanDialog } from "./qr-scan-dialog";
import { RecentPayees } from "./recent-payees";

export interface SendRecipientFieldProps {
  registration: UseFormRegisterReturn<"recipient">;
  /** The field's text now: the recent payees show while it is empty. */
  value: string;
  error?: string | undefined;
  /** Whom the recipient reaches (the look-up's words), read with the field. */
  hint?: string | undefined;
  /** Puts text into the field as if typed: a paste, a scan, a recent payee. */
  onText: (text: string) => void;
  /** A payment request (BIP-21) read from a paste or a scan: its address and amount go into the form. */
  onPaymentRequest: (request: PaymentRequest) => void;
}

/** What the form says once a payment request filled it in: the request's own words, as plain text. */
export function paymentRequestFilledText({ amountSats, label, message }: PaymentRequest): string {
  const parts = [
    amountSats === null
      ? "Payment request read: the address is filled in."
      : "Payment request read: the address and the amount are filled in.",
  ];
  if (label !== null) parts.push(`Label: ${label}.`);
  if (message !== null) parts.push(`Message: ${message}.`);
  return parts.join(" ");
}

/**
 * "Recipient": a username or an address, typed, pasted (the Paste button reads the clipboard where the
 * browser allows it) or scanned (the Scan button, where the browser reads QR codes), or one of the recent
 * payees. A payment request (`bitcoin:...?amount=...`) pasted, scanned, or typed (read at Enter or when the
 * field is left) fills the address and the amount; one that cannot be paid stays as it is, its problem
 * said on the field until the text changes (Continue refuses it too).
 */
export function SendRecipientField({
  registration,
  value,
  error,
  hint,
  onText,
  onPaymentRequest,
}: SendRecipientFieldProps) {
  const canScan = useCanScanQr();
  const [scanning, setScanning] = useState(false);
  const [filled, setFilled] = useState("");
  const [problem, setProblem] = useState<string | undefined>();

  /** Text from the clipboard, the camera, or a paste into the field. */
  function take(text: string) {
    setFilled("");
    setProblem(undefined);
    if (!isPaymentRequestText(text)) return onText(text.trim());
    const reading = parsePaymentRequest(text);
    if (!reading.ok) {
      onText(text.trim());
      return setProblem(reading.error);
    }
    onPaymentRequest(reading.request);
    setFilled(paymentRequestFilledText(reading.request));
  }

  async function paste() {
    const text = await readClipboard();
    if (text === null) {
      notify.error(
        "Could not paste",
        "Your browser did not allow it: paste into the Recipient field instead.",
      );
      return;
    }
    take(text);
  }

  return (
    <>
      <FormField label="Recipient" error={error ?? problem} hint={hint || undefined}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              placeholder="Bitcoin address or username"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              {...registration}
              onPaste={(event) => {
                const text = event.clipboardData.getData("text");
                if (!isPaymentRequestText(text)) return;
                event.preventDefault();
                take(text);
              }}
              onChange={(event) => {
                setFilled("");
                setProblem(undefined);
                void registration.onChange(event);
              }}
              onKeyDown={(event) => {
                const text = event.currentTarget.value;
                if (event.key !== "Enter" || !isPaymentRequestText(text)) return;
                // Read, not sent: the customer sees what the request filled in before Continue.
                event.preventDefault();
                take(text);
              }}
              onBlur={(event) => {
                void registration.onBlur(event);
                if (isPaymentRequestText(event.target.value)) take(event.target.value);
              }}
            />
            {canReadClipboard() && (
              <Button variant="outline" size="icon" aria-label="Paste" onClick={() => void paste()}>
                <ClipboardPaste aria-hidden="true" />
              </Button>
            )}
            {canScan && (
              <Button
                variant="outline"
                size="icon"
                aria-label="Scan QR code"
                onClick={() => setScanning(true)}
              >
                <ScanLine aria-hidden="true" />
              </Button>
            )}
          </div>
        )}
      </FormField>
      {/* The hint is read with the field; this says it (and what a payment request filled in) as it
          changes, while the customer types on. */}
      <span className="sr-only" aria-live="polite">
        {[filled, hint].filter(Boolean).join(" ")}
      </span>
      {filled !== "" && <p className="-mt-2 text-sm text-muted-foreground">{filled}</p>}
      {value.trim() === "" && <RecentPayees onPick={(payee) => onText(payee.username)} />}
      {canScan && (
        <QrScanDialog
          open={scanning}
          onOpenChange={setScanning}
          onRead={(text) => {
            setScanning(false);
            take(text);
          }}
        />
      )}
    </>
  );
}
