import { PageHeader } from "@/components/layout/page-header";
import { useMe } from "@/features/auth/api/get-me";
import { VerifyEmailNotice } from "@/features/auth/components/verify-email-notice";
import { SendBitcoin } from "@/features/wallet/components/send-bitcoin";
import { paths } from "@/lib/paths";

/**
 * Screen: send Bitcoin. The form, its checks and the review dialog live in features/wallet; while the
 * email address is unconfirmed, the notice from features/auth says so and the form cannot continue.
 */
export function WalletSendScreen() {
  const { data: user } = useMe();
  const emailUnconfirmed = user?.emailVerified === false;
  return (
    <>
      <PageHeader title="Send Bitcoin" backTo={paths.dashboard} />
      <div className="flex flex-col gap-5">
        {emailUnconfirmed && <VerifyEmailNotice email={user.email} />}
        <SendBitcoin blocked={emailUnconfirmed} />
      </div>
    </>
  );
}
