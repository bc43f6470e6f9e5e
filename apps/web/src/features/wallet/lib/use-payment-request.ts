import { paymentLabelSchema } from "@satsbank/shared";
import { useMemo, useState } from "react";
import { amountInputMessages, localeDecimalSeparator, readAmount } from "@/lib/amount-input";

/** What the Receive screen asks for: an amount (satoshis) and a label, each optional. */
export interface RequestedPayment {
  amountSats: bigint | null;
  label: string;
}

export interface PaymentRequestState {
  amountText: string;
  labelText: string;
  /** Why the amount as typed is no amount: said on the field; the QR code then holds no amount. */
  amountProblem: string | undefined;
  labelProblem: string | undefined;
  /** What the QR code and the links hold: the parts that are right. */
  request: RequestedPayment;
  /** True when the request holds an amount or a label: the QR code is a payment request, not the address. */
  requested: boolean;
  typeAmount: (text: string) => void;
  refuseAmount: () => void;
  typeLabel: (text: string) => void;
}

/**
 * The Receive screen's request: the amount typed in BTC with the customer's decimal separator (as the send
 * form reads it: nothing dropped, nothing guessed) and a short plain-text label.
 */
export function usePaymentRequest(): PaymentRequestState {
  const [amountText, setAmountText] = useState("");
  const [labelText, setLabelText] = useState("");
  const [refused, setRefused] = useState(false);
  const decimalSeparator = useMemo(() => localeDecimalSeparator(), []);
  const reading = readAmount(amountText, "BTC", { decimalSeparator, usdCentsPerBtc: 0n });
  const label = paymentLabelSchema.safeParse(labelText);
  const amountSats = reading.kind === "amount" && reading.sats > 0n ? reading.sats : null;
  const request = { amountSats, label: label.success ? label.data : "" };
  let amountProblem: string | undefined;
  if (refused) amountProblem = amountInputMessages.characters;
  else if (reading.kind === "problem") amountProblem = reading.text;
  else if (reading.kind === "amount" && reading.sats === 0n) amountProblem = "Type an amount above zero";
  return {
    amountText,
    labelText,
    amountProblem,
    labelProblem: label.success ? undefined : label.error.issues[0]?.message,
    request,
    requested: request.amountSats !== null || request.label !== "",
    typeAmount: (text) => {
      setRefused(false);
      setAmountText(text);
    },
    refuseAmount: () => setRefused(true),
    typeLabel: setLabelText,
  };
}
