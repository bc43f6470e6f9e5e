import { CODE_LENGTH } from "@satsbank/shared";
import { REGEXP_ONLY_DIGITS } from "input-otp";
import type { Ref } from "react";
import { InputOTP, InputOTPGroup, InputOTPSlot } from "@/components/ui/input-otp";

export interface CodeInputProps {
  id?: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
  disabled?: boolean;
  autoFocus?: boolean;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

const SLOTS = Array.from({ length: CODE_LENGTH }, (_, index) => index);

/**
 * A 6-digit one-time code as six slots: digits only, numeric keyboard, one-time-code autofill. Label it
 * with a <label htmlFor={id}>. Password-manager badge nudging is off: nothing to fill here. The slots sit
 * centred in the form's width.
 */
export function CodeInput(props: CodeInputProps) {
  return (
    <InputOTP
      maxLength={CODE_LENGTH}
      pattern={REGEXP_ONLY_DIGITS}
      inputMode="numeric"
      autoComplete="one-time-code"
      pushPasswordManagerStrategy="none"
      containerClassName="justify-center"
      {...props}
    >
      <InputOTPGroup>
        {SLOTS.map((index) => (
          <InputOTPSlot key={index} index={index} />
        ))}
      </InputOTPGroup>
    </InputOTP>
  );
}
