import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { paths } from "@/lib/paths";
import { RequireAdmin } from "./guards/require-admin";
import { RequireAuth } from "./guards/require-auth";
import { AdminLayout } from "./layouts/admin-layout";
import { AuthLayout } from "./layouts/auth-layout";
import { ColumnLayout } from "./layouts/column-layout";
import { MainLayout } from "./layouts/main-layout";
import { ProfileLayout } from "./layouts/profile-layout";
import { RootLayout, type RouteHandle } from "./layouts/root-layout";
import { AdminScreen } from "./routes/admin";
import { DashboardScreen } from "./routes/dashboard";
import { HistoryScreen } from "./routes/history";
import { KycAddressScreen } from "./routes/kyc-address";
import { KycIdentityScreen } from "./routes/kyc-identity";
import { KycIntroScreen } from "./routes/kyc-intro";
import { KycSelfieScreen } from "./routes/kyc-selfie";
import { KycStatusScreen } from "./routes/kyc-status";
import { LoginScreen } from "./routes/login";
import { NotFoundScreen } from "./routes/not-found";
import { NotificationsScreen } from "./routes/notifications";
import { ProfileAccountScreen } from "./routes/profile-account";
import { ProfileHelpScreen } from "./routes/profile-help";
import { ProfileKycScreen } from "./routes/profile-kyc";
import { ProfileNotificationsScreen } from "./routes/profile-notifications";
import { ProfileSecurityScreen } from "./routes/profile-security";
import { ProfileWalletScreen } from "./routes/profile-wallet";
import { ResetPasswordScreen } from "./routes/reset-password";
import { RouteErrorScreen } from "./routes/route-error";
import { SignupScreen } from "./routes/signup";
import { SplashScreen } from "./routes/splash";
import { VerifyEmailScreen } from "./routes/verify-email";
import { WalletScreen } from "./routes/wallet";
import { WalletReceiveScreen } from "./routes/wallet-receive";
import { WalletSendScreen } from "./routes/wallet-send";

/**
 * The specification's route table (section 2). Layout routes have no path; every child path is absolute
 * and comes from lib/paths. An unknown path, including one under /profile, matches the last "*" route.
 * Public: splash, sign-in, sign-up, password reset, email verification and the 404 page. RequireAuth wraps every customer
 * screen (KYC included), RequireAdmin the staff dashboard. `/dev/mailbox` is the server's own page.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, element: <Navigate to={paths.splash} replace /> },
      {
        element: <AuthLayout />,
        children: [
          { path: paths.auth.login, element: <LoginScreen /> },
          { path: paths.auth.signup, element: <SignupScreen /> },
          { path: paths.auth.resetPassword, element: <ResetPasswordScreen /> },
          {
            path: paths.auth.verifyEmail,
            element: <VerifyEmailScreen />,
            handle: { title: "Verify your email" } satisfies RouteHandle,
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AuthLayout />,
            children: [
              { path: paths.kyc.intro, element: <KycIntroScreen /> },
              { path: paths.kyc.identity, element: <KycIdentityScreen /> },
              { path: paths.kyc.address, element: <KycAddressScreen /> },
              { path: paths.kyc.selfie, element: <KycSelfieScreen /> },
              { path: paths.kyc.status, element: <KycStatusScreen /> },
              { path: paths.kyc.enhanced, element: <KycIntroScreen /> },
            ],
          },
          {
            element: <MainLayout />,
            children: [
              { path: paths.dashboard, element: <DashboardScreen /> },
              { path: paths.wallet.root, element: <WalletScreen /> },
              { path: paths.history, element: <HistoryScreen /> },
              { path: paths.notifications, element: <NotificationsScreen /> },
              {
                path: paths.profile.root,
                element: <ProfileLayout />,
                children: [
                  { index: true, element: <Navigate to={paths.profile.account} replace /> },
                  { path: paths.profile.account, element: <ProfileAccountScreen /> },
                  { path: paths.profile.kyc, element: <ProfileKycScreen /> },
                  { path: paths.profile.security, element: <ProfileSecurityScreen /> },
                  { path: paths.profile.notifications, element: <ProfileNotificationsScreen /> },
                  { path: paths.profile.help, element: <ProfileHelpScreen /> },
                  { path: paths.profile.wallet, element: <ProfileWalletScreen /> },
                ],
              },
            ],
          },
          {
            element: <ColumnLayout />,
            children: [
              { path: paths.wallet.receive, element: <WalletReceiveScreen /> },
              { path: paths.wallet.send, element: <WalletSendScreen /> },
            ],
          },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [
          {
            element: <AdminLayout />,
            children: [{ path: paths.admin, element: <AdminScreen /> }],
          },
        ],
      },
      {
        element: <ColumnLayout />,
        children: [
          { path: paths.splash, element: <SplashScreen /> },
          { path: "*", element: <NotFoundScreen /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
