import { zodResolver } from "@hookform/resolvers/zod";
import {
  accountMessages,
  type SessionUser,
  type UpdateProfileBody,
  updateProfileBodySchema,
} from "@satsbank/shared";
import { useForm } from "react-hook-form";
import { EmailField } from "@/components/email-field";
import { FormAlert } from "@/components/form-alert";
import { FormField } from "@/components/form-field";
import { FormFooter } from "@/components/form-footer";
import { Input } from "@/components/ui/input";
import { notify } from "@/lib/notify";
import { useFormAlert } from "@/lib/use-form-alert";
import { useUpdateProfile } from "../api/update-profile";

const FIELDS = ["name", "phone"] as const;

export interface AccountDetailsFormProps {
  user: Pick<SessionUser, "name" | "email" | "phone">;
  /** After a save or Cancel. */
  onDone: () => void;
}

/** Edit of Account Details: the name and the phone; the email is shown, fixed. */
export function AccountDetailsForm({ user, onDone }: AccountDetailsFormProps) {
  const updateProfile = useUpdateProfile();
  const form = useForm<UpdateProfileBody>({
    resolver: zodResolver(updateProfileBodySchema),
    defaultValues: { name: user.name, phone: user.phone ?? "" },
  });
  const alert = useFormAlert(form.setError, FIELDS);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    alert.clear();
    updateProfile.mutate(values, {
      onSuccess: () => {
        notify.success("Profile updated", "Your account details have been saved");
        onDone();
      },
      onError: (error) => {
        alert.show(error);
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit account details" className="flex flex-col gap-4">
      <FormAlert>{alert.text}</FormAlert>
      {/* The person just asked to edit: the first field is where they go. */}
      <FormField label="Full Name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="name" autoFocus {...form.register("name")} />}
      </FormField>
      <EmailField
        label="Email Address"
        value={user.email}
        disabled
        readOnly
        hint={accountMessages.emailFixed}
      />
      <FormField
        label="Phone Number"
        error={errors.phone?.message}
        hint="In international format, e.g. +44 20 7946 0106. Leave it empty to remove it."
      >
        {(control) => <Input {...control} type="tel" autoComplete="tel" {...form.register("phone")} />}
      </FormField>
      <FormFooter
        layout="inline"
        submitLabel="Save Changes"
        busyLabel="Saving..."
        busy={updateProfile.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
