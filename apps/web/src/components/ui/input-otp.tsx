import { OTPInput, OTPInputContext } from "input-otp";
import { type ComponentProps, useContext } from "react";
import { cn } from "@/lib/cn";

/**
 * One real <input> (it holds the value, the label and the one-time-code autofill) drawn as slots.
 * The slots only repeat the input's value, so they are hidden from assistive technology.
 */
export function InputOTP({ className, containerClassName, ...props }: ComponentProps<typeof OTPInput>) {
  return (
    <OTPInput
      data-slot="input-otp"
      containerClassName={cn("flex items-center gap-2 has-disabled:opacity-50", containerClassName)}
      className={cn("disabled:cursor-not-allowed", className)}
      {...props}
    />
  );
}

export function InputOTPGroup({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="input-otp-group"
      aria-hidden="true"
      className={cn("flex items-center gap-2", className)}
      {...props}
    />
  );
}

export function InputOTPSlot({ index, className, ...props }: ComponentProps<"div"> & { index: number }) {
  const context = useContext(OTPInputContext);
  const slot = context?.slots[index];
  return (
    <div
      data-slot="input-otp-slot"
      data-active={slot?.isActive ?? false}
      className={cn(
        "relative flex size-11 items-center justify-center rounded-xl border border-input bg-card text-lg font-semibold tabular-nums shadow-xs transition-[border-color,box-shadow] data-[active=true]:z-10 data-[active=true]:border-ring data-[active=true]:ring-2 data-[active=true]:ring-ring/40 sm:size-12",
        className,
      )}
      {...props}
    >
      {slot?.char}
      {slot?.hasFakeCaret && (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <div className="h-5 w-px animate-pulse bg-foreground" />
        </div>
      )}
    </div>
  );
}
