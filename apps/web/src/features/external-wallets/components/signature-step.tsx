import { zodResolver } from "@hookform/resolvers/zod";
import { connectWalletBodySchema, type WalletChallenge, type WalletProvider } from "@satsbank/shared";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { CopyButton } from "@/components/copy-button";
import { FormAlert } from "@/components/form-alert";
import { FormField } from "@/components/form-field";
import { FormFooter } from "@/components/form-footer";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { isApiError } from "@/lib/api-client";
import { timeText } from "@/lib/date-text";
import { useFormAlert } from "@/lib/use-form-alert";
import { useConnectExternalWallet } from "../api/connect-external-wallet";
import { notifyConnected, notifyConnectionFailed } from "../lib/messages";
import { signingHint } from "../lib/provider-look";

const signatureFormSchema = connectWalletBodySchema.pick({ signature: true });
type SignatureForm = { signature: string };

export interface SignatureStepProps {
  provider: WalletProvider;
  challenge: WalletChallenge;
  onConnected: () => void;
  /** Back to the address; `notice` says why when the message can no longer be used. */
  onBack: (notice?: string) => void;
}

/** Step 2 of the paste path: the message to sign in the wallet, and the signature it made. */
export function SignatureStep({ provider, challenge, onConnected, onBack }: SignatureStepProps) {
  const connect = useConnectExternalWallet();
  const messageId = useId();
  const form = useForm<SignatureForm>({
    resolver: zodResolver(signatureFormSchema),
    defaultValues: { signature: "" },
  });
  const alert = useFormAlert(form.setError, ["signature"]);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ signature }) => {
    alert.clear();
    connect.mutate(
      { challengeId: challenge.challengeId, signature },
      {
        onSuccess: () => {
          notifyConnected(provider.id);
          onConnected();
        },
        onError: (error) => {
          notifyConnectionFailed();
          // Expired, used up or replaced: only a new message can be signed now.
          const gone = isApiError(error) && (error.fields.challengeId !== undefined || error.status === 404);
          if (gone) return onBack(error.fields.challengeId ?? error.message);
          alert.show(error);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormAlert>{alert.text}</FormAlert>
      <p className="text-sm">{signingHint[provider.id]}</p>
      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between">
          <Label htmlFor={messageId}>Message to sign</Label>
          <CopyButton value={challenge.message} label="Copy message" copiedTitle="Message copied" />
        </div>
        <Textarea
          id={messageId}
          readOnly
          value={challenge.message}
          rows={4}
          className="resize-none font-mono text-xs sm:text-xs"
        />
        <p className="text-xs text-muted-foreground">
          Signed with <span className="break-all font-mono">{challenge.address}</span>. It works once, until{" "}
          <time dateTime={challenge.expiresAt}>{timeText(challenge.expiresAt)}</time>.
        </p>
      </div>
      <FormField label="Signature" error={errors.signature?.message}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className="resize-none font-mono text-xs sm:text-xs"
            {...form.register("signature")}
          />
        )}
      </FormField>
      <FormFooter
        cancelLabel="Back"
        submitLabel="Connect"
        busyLabel="Connecting..."
        busy={connect.isPending}
        onCancel={onBack}
      />
    </form>
  );
}
