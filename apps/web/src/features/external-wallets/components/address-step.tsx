import { zodResolver } from "@hookform/resolvers/zod";
import { type WalletChallenge, type WalletProvider, walletChallengeBodySchema } from "@satsbank/shared";
import { useForm } from "react-hook-form";
import { FormAlert } from "@/components/form-alert";
import { FormField } from "@/components/form-field";
import { FormFooter } from "@/components/form-footer";
import { Input } from "@/components/ui/input";
import { useFormAlert } from "@/lib/use-form-alert";
import { useCreateWalletChallenge } from "../api/create-wallet-challenge";
import { notifyConnectionFailed } from "../lib/messages";

const addressFormSchema = walletChallengeBodySchema.pick({ address: true });
type AddressForm = { address: string };

export interface AddressStepProps {
  provider: WalletProvider;
  /** The address typed before (Back keeps it). */
  address: string;
  /** Why the dialog came back here (a message that expired), if it did. */
  notice?: string | undefined;
  onChallenge: (challenge: WalletChallenge) => void;
  onCancel: () => void;
}

/** Step 1 of the paste path: the wallet's address, for which the bank makes a message to sign. */
export function AddressStep({ provider, address, notice, onChallenge, onCancel }: AddressStepProps) {
  const createChallenge = useCreateWalletChallenge();
  const form = useForm<AddressForm>({
    resolver: zodResolver(addressFormSchema),
    defaultValues: { address },
  });
  const alert = useFormAlert(form.setError, ["address"], notice);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ address: typed }) => {
    alert.clear();
    createChallenge.mutate(
      { provider: provider.id, address: typed },
      {
        onSuccess: onChallenge,
        onError: (error) => {
          notifyConnectionFailed();
          alert.show(error);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormAlert>{alert.text}</FormAlert>
      <FormField
        label="Bitcoin address"
        error={errors.address?.message}
        hint={`An address of your ${provider.name} that you can sign with.`}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className="font-mono"
            {...form.register("address")}
          />
        )}
      </FormField>
      <FormFooter
        submitLabel="Continue"
        busyLabel="Preparing..."
        busy={createChallenge.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}
