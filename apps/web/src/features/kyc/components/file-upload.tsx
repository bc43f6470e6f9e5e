import { type LucideIcon, Upload } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { ChosenFileState } from "../lib/use-chosen-file";
import { ChosenFile } from "./chosen-file";

export interface FilePicker {
  /** The picker's visible label, which names its input: "Upload document", "Take a selfie". */
  label: string;
  /** "user": the phone opens its front camera. */
  capture?: "user";
  icon?: LucideIcon;
}

export interface FileUploadProps {
  /** What the file is: "Identity document". Names the control's group (its legend). */
  label: string;
  /** What it may be: "JPG, PNG or PDF, max 5MB". */
  hint: string;
  accept: string;
  pickers: readonly FilePicker[];
  replaceLabel?: string;
  /** The file it holds (`useChosenFile`): a refusal's message shows under the control, marked invalid. */
  file: ChosenFileState;
  disabled?: boolean;
}

/**
 * One file of a KYC step. Empty, it offers its pickers: native file inputs (kept for the keyboard and
 * screen readers, drawn as buttons through their labels). Holding a file, it shows it with Replace; after
 * Replace the focus goes back to the first picker. A refusal is said under it (role="alert").
 */
export function FileUpload({
  label,
  hint,
  accept,
  pickers,
  replaceLabel = "Replace",
  file: { chosen, error, choose, clear },
  disabled = false,
}: FileUploadProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const firstPicker = useRef<HTMLInputElement>(null);
  const focusPicker = useRef(false);

  useEffect(() => {
    if (chosen !== null || !focusPicker.current) return;
    focusPicker.current = false;
    firstPicker.current?.focus();
  }, [chosen]);

  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm font-medium leading-none">{label}</legend>
      {chosen ? (
        <ChosenFile
          chosen={chosen}
          replaceLabel={replaceLabel}
          disabled={disabled}
          onReplace={() => {
            focusPicker.current = true;
            clear();
          }}
        />
      ) : (
        <div
          className={cn(
            "flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed bg-card px-4 py-6 text-center",
            error ? "border-destructive" : "border-border",
          )}
        >
          <span
            aria-hidden="true"
            className="flex size-11 items-center justify-center rounded-full bg-accent text-brand"
          >
            <Upload className="size-5" />
          </span>
          <div className="flex flex-wrap justify-center gap-2">
            {pickers.map(({ label: pickerLabel, capture, icon: Icon }, index) => (
              <span key={pickerLabel} className="flex">
                <input
                  ref={index === 0 ? firstPicker : undefined}
                  id={`${id}-picker-${index}`}
                  type="file"
                  accept={accept}
                  capture={capture}
                  disabled={disabled}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${hintId} ${errorId}` : hintId}
                  className="peer sr-only"
                  onChange={(event) => {
                    const picked = event.currentTarget.files?.[0];
                    // The same file picked again after a refusal must fire a change again.
                    event.currentTarget.value = "";
                    if (picked) choose(picked);
                  }}
                />
                <label
                  htmlFor={`${id}-picker-${index}`}
                  className={cn(
                    buttonVariants({ variant: index === 0 ? "default" : "outline" }),
                    "cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
                  )}
                >
                  {Icon && <Icon aria-hidden="true" />}
                  {pickerLabel}
                </label>
              </span>
            ))}
          </div>
        </div>
      )}
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
