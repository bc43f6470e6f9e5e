import { parseUsdCents, type SendForm, type WalletSummary } from "@satsbank/shared";
import { useEffect, useMemo, useState } from "react";
import { type UseFormReturn, useWatch } from "react-hook-form";
import {
  type AmountContext,
  type AmountReading,
  type AmountUnit,
  amountInputMessages,
  amountInputText,
  localeDecimalSeparator,
  readAmount,
} from "@/lib/amount-input";
import { maxSendSats, type SendableFigures } from "./sendable";

/**
 * What fixes the amount besides the typed text: Max ("everything, fee included", followed as the
 * recipient and its fee change), or the exact satoshis the amount held when the unit was switched (a
 * dollar amount shown in cents must not lose the satoshis behind it). Typing lets go of either.
 */
type Pin = { kind: "max" } | { kind: "sats"; sats: bigint } | null;

export interface SendAmountState {
  unit: AmountUnit;
  /** What the amount is, in satoshis, or why the typed text is none. */
  reading: AmountReading;
  /** A problem to say on the field as it is typed: a refused keystroke, or text that reads as no amount. */
  liveProblem: string | undefined;
  maxOn: boolean;
  maxSats: bigint;
  context: AmountContext;
  /** The pin, as a string that changes when it does: what the form's marks are checked again on. */
  pinKey: string;
  type: (text: string) => void;
  refuse: () => void;
  max: () => void;
  switchUnit: (unit: AmountUnit) => void;
  /** An amount from elsewhere (a payment request): shown in the unit chosen, its satoshis kept exactly. */
  fill: (sats: bigint) => void;
}

/**
 * The send form's amount: the unit it is typed in (BTC, sats or USD at the summary's price), the customer's
 * decimal separator, Max, and the satoshis all of it comes to. The form's `amount` value is the text shown.
 */
export function useSendAmount(
  form: UseFormReturn<SendForm>,
  summary: SendableFigures & Pick<WalletSummary, "price">,
  feeSats: bigint,
): SendAmountState {
  const [unit, setUnit] = useState<AmountUnit>("BTC");
  const [pin, setPin] = useState<Pin>(null);
  const [refused, setRefused] = useState(false);
  const usdPerBtc = summary.price.usdPerBtc;
  const context = useMemo<AmountContext>(
    () => ({ decimalSeparator: localeDecimalSeparator(), usdCentsPerBtc: parseUsdCents(usdPerBtc) }),
    [usdPerBtc],
  );
  const text = useWatch({ control: form.control, name: "amount" });
  const maxSats = maxSendSats(summary, feeSats);
  const reading: AmountReading =
    pin === null
      ? readAmount(text, unit, context)
      : { kind: "amount", sats: pin.kind === "max" ? maxSats : pin.sats };

  // Max on: the field shows what Max means for the recipient now, in the unit chosen.
  useEffect(() => {
    if (pin?.kind !== "max") return;
    const shown = amountInputText(maxSats, unit, context);
    if (form.getValues("amount") !== shown) form.setValue("amount", shown, { shouldDirty: true });
  }, [pin, maxSats, unit, context, form]);

  const set = (value: string) => form.setValue("amount", value, { shouldDirty: true });
  return {
    unit,
    reading,
    liveProblem: refused
      ? amountInputMessages.characters
      : reading.kind === "problem"
        ? reading.text
        : undefined,
    maxOn: pin?.kind === "max",
    maxSats,
    context,
    pinKey: pin === null ? "" : pin.kind === "max" ? "max" : pin.sats.toString(),
    type: (value) => {
      setPin(null);
      setRefused(false);
      set(value);
    },
    refuse: () => setRefused(true),
    max: () => {
      setPin({ kind: "max" });
      setRefused(false);
      set(amountInputText(maxSats, unit, context));
    },
    fill: (sats) => {
      setPin({ kind: "sats", sats });
      setRefused(false);
      set(amountInputText(sats, unit, context));
    },
    switchUnit: (next) => {
      if (next === unit) return;
      setUnit(next);
      setRefused(false);
      if (pin?.kind === "max" || reading.kind !== "amount") return;
      // The same satoshis, written in the new unit; text that reads as no amount stays as typed.
      setPin({ kind: "sats", sats: reading.sats });
      set(amountInputText(reading.sats, next, context));
    },
  };
}
