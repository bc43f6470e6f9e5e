import { zodResolver } from "@hookform/resolvers/zod";
import { type SignupBody, signupBodySchema } from "@satsbank/shared";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { EmailField } from "@/components/email-field";
import { FormField } from "@/components/form-field";
import { NewPasswordFields } from "@/components/new-password-fields";
import { SubmitButton } from "@/components/submit-button";
import { Input } from "@/components/ui/input";
import { applyFieldErrors, errorMessage } from "@/lib/form-errors";
import { notify } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { useSignup } from "../api/signup";
import { AuthSwitch } from "./auth-switch";

const FIELDS = ["name", "email", "password", "confirmPassword"] as const;

/** "Create your account": a new customer, signed in at once and sent to the KYC introduction. */
export function SignUpForm() {
  const navigate = useNavigate();
  const signup = useSignup();
  const form = useForm<SignupBody>({
    resolver: zodResolver(signupBodySchema),
    defaultValues: { name: "", email: "", password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  // Registered here, top to bottom: a refused submit focuses the first field marked in the order fields
  // were registered, and a field registered inside FormField's render would come after Email.
  const nameField = form.register("name");
  const emailField = form.register("email");

  const onSubmit = form.handleSubmit((values) => {
    signup.mutate(values, {
      onSuccess: () => {
        notify.success("Account created");
        navigate(paths.kyc.intro);
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, FIELDS))
          notify.error("Sign-up failed", errorMessage(error));
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormField label="Full name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="name" {...nameField} />}
      </FormField>
      <EmailField error={errors.email?.message} {...emailField} />
      <NewPasswordFields
        form={form}
        names={{ password: "password", confirm: "confirmPassword" }}
        labels={{ password: "Password", confirm: "Confirm password" }}
      />
      <SubmitButton size="lg" busy={signup.isPending} busyLabel="Creating account...">
        Create Account
      </SubmitButton>
      <AuthSwitch question="Already have an account?" to={paths.auth.login}>
        Sign in
      </AuthSwitch>
    </form>
  );
}
