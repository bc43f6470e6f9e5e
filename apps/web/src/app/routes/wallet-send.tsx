import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { useMe } from "@/features/auth/api/get-me";
import { VerifyEmailNotice } from "@/features/auth/components/verify-email-notice";
import { useExternalWallet } from "@/features/external-wallets/api/get-external-wallet";
import { sendToMyWalletLabel } from "@/features/external-wallets/lib/messages";
import { useResumeLink } from "@/features/kyc/lib/use-resume-link";
import { useWalletSummary } from "@/features/wallet/api/get-wallet-summary";
import { SendBitcoin } from "@/features/wallet/components/send-bitcoin";
import { SendLinkNotice } from "@/features/wallet/components/send-link-notice";
import { readSendLink } from "@/features/wallet/lib/send-link";
import { paths } from "@/lib/paths";

/**
 * Screen: send Bitcoin. The form, its checks and the review dialog live in features/wallet; while the
 * email address is unconfirmed, the notice from features/auth says so and the form cannot continue. An
 * unverified customer's notice links back into the verification where it stopped (features/kyc). A
 * connected outside wallet (features/external-wallets) is offered as a one-tap recipient. A payment link
 * (`?to=&amount=&note=`) fills the form in, each part checked; the customer still continues and confirms.
 */
export function WalletSendScreen() {
  const { data: user } = useMe();
  const emailUnconfirmed = user?.emailVerified === false;
  const { data: wallet } = useWalletSummary();
  const resume = useResumeLink({ enabled: wallet?.canSend === false });
  const { data: external } = useExternalWallet();
  const [params] = useSearchParams();
  const link = useMemo(() => readSendLink(params), [params]);
  const ownWallet = external
    ? { label: sendToMyWalletLabel(external.provider), address: external.address }
    : undefined;
  return (
    <>
      <PageHeader title="Send Bitcoin" backTo={paths.dashboard} />
      <div className="flex flex-col gap-5">
        {emailUnconfirmed && <VerifyEmailNotice email={user.email} />}
        {link && <SendLinkNotice values={link.values} problems={link.problems} />}
        <SendBitcoin
          blocked={emailUnconfirmed}
          verifyLink={resume ?? undefined}
          ownWallet={ownWallet}
          initial={link?.values}
        />
      </div>
    </>
  );
}
