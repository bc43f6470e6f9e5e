import { Outlet } from "react-router";
import { ProfileHeader } from "@/features/account/components/profile-header";
import { useMe } from "@/features/auth/api/get-me";
import { useWalletSummary } from "@/features/wallet/api/get-wallet-summary";
import { ProfileMenu } from "./profile-menu";

/** /profile/*: the person's header and the profile's menu (ending in Log Out) above the section. */
export function ProfileLayout() {
  const { data: user } = useMe();
  // Sending needs verified identity and address: the same fact earns the header's badge.
  const { data: wallet } = useWalletSummary();
  return (
    <div className="flex flex-col gap-6">
      {user && <ProfileHeader user={user} verified={wallet?.canSend ?? false} />}
      <ProfileMenu />
      <div>
        <Outlet />
      </div>
    </div>
  );
}
