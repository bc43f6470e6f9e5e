import { zodResolver } from "@hookform/resolvers/zod";
import { labelMessages, type SetLabelBody, setLabelBodySchema } from "@satsbank/shared";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { FormAlert } from "@/components/form-alert";
import { FormField } from "@/components/form-field";
import { SubmitButton } from "@/components/submit-button";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { notify } from "@/lib/notify";
import { useFormAlert } from "@/lib/use-form-alert";

export interface LabelEditorProps {
  /** The label as it stands; null when there is none. */
  label: string | null;
  /** The field's name for screen readers ("Label", "Address label"): the caption beside it is the screen's. */
  fieldLabel: string;
  /** Under the field while editing: who sees the label and where it goes. */
  hint: string;
  /** Saves the label (`""` removes it); resolves with the label as it now stands, rejects with the refusal. */
  save: (label: string) => Promise<string | null>;
}

/**
 * The customer's own label of a thing (a transaction in its details, the receive screen's address): the
 * label, or "No label", and "Add label" / "Edit label", which opens an inline field with Save, Cancel and
 * Remove. The field takes labelSchema's rules with its messages (a refused character is said, never
 * dropped); the field is focused on open, and the focus goes back to the button once it closes.
 */
export function LabelEditor({ label, fieldLabel, hint, save }: LabelEditorProps) {
  const [editing, setEditing] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const focusButton = useRef(false);

  useEffect(() => {
    if (editing || !focusButton.current) return;
    focusButton.current = false;
    buttonRef.current?.focus();
  }, [editing]);

  if (editing) {
    const close = () => {
      focusButton.current = true;
      setEditing(false);
    };
    return <LabelForm label={label} fieldLabel={fieldLabel} hint={hint} save={save} onClose={close} />;
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
      <span className={label === null ? "text-muted-foreground" : "min-w-0 break-words"}>
        {label ?? "No label"}
      </span>
      <Button ref={buttonRef} variant="outline" size="sm" onClick={() => setEditing(true)}>
        {label === null ? "Add label" : "Edit label"}
      </Button>
    </div>
  );
}

/** True when a key event's target is in a label editor's field: a dialog holding one lets it handle Escape. */
export function isInLabelEditor(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest("[data-label-editor]") !== null;
}

interface LabelFormProps extends LabelEditorProps {
  onClose: () => void;
}

function LabelForm({ label, fieldLabel, hint, save, onClose }: LabelFormProps) {
  const form = useForm<SetLabelBody>({
    resolver: zodResolver(setLabelBodySchema),
    defaultValues: { label: label ?? "" },
  });
  const alert = useFormAlert(form.setError, ["label"]);
  const [removing, setRemoving] = useState(false);
  const busy = form.formState.isSubmitting || removing;

  useEffect(() => form.setFocus("label"), [form]);

  async function send(text: string) {
    alert.clear();
    // Nothing changed (an empty field where there was no label): nothing to send.
    if (text === (label ?? "")) return onClose();
    try {
      const saved = await save(text);
      onClose();
      notify.success(saved === null ? labelMessages.removed : labelMessages.saved);
    } catch (error) {
      alert.show(error);
    }
  }

  const onSubmit = form.handleSubmit((values) => send(values.label));
  const remove = () => {
    setRemoving(true);
    void send("").finally(() => setRemoving(false));
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-3"
      data-label-editor=""
      // Escape cancels the edit; a dialog around it leaves itself open (isInLabelEditor).
      onKeyDown={(event) => {
        if (event.key !== "Escape" || busy) return;
        event.preventDefault();
        onClose();
      }}
    >
      <FormAlert>{alert.text}</FormAlert>
      <FormField
        label={<span className="sr-only">{fieldLabel}</span>}
        hint={hint}
        error={form.formState.errors.label?.message}
        className="gap-0 [&>p]:mt-1.5"
      >
        {(control) => <Input {...control} autoComplete="off" {...form.register("label")} />}
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        {label !== null && (
          <Button variant="ghost" size="sm" className="mr-auto" onClick={remove} disabled={busy}>
            {removing ? "Removing..." : "Remove"}
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <SubmitButton size="sm" busy={busy && !removing} disabled={busy} busyLabel="Saving...">
          Save
        </SubmitButton>
      </div>
    </form>
  );
}
