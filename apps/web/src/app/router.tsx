import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/lib/paths";
import { ColumnLayout } from "./layouts/column-layout";
import { RootLayout } from "./layouts/root-layout";
import { lazyComponent, screen } from "./lazy-route";
import { RouteErrorScreen } from "./routes/route-error";
import { SplashScreen } from "./routes/splash";

// Only the splash (where `/` leads) and its layout are in the entry chunk, so the first screen draws
// without waiting; every other screen and layout is loaded when first matched (lazy-route.ts).

const authLayout = lazyComponent(() => import("./layouts/auth-layout"), "AuthLayout");

/**
 * The specification's route table (section 2). Layout routes have no path; every child path is absolute
 * and comes from lib/paths. An unknown path, including one under /profile, matches the last "*" route.
 * Public: splash, sign-in, sign-up, password reset, email verification, the contact form and the 404 page. RequireAuth wraps every customer
 * screen (KYC included), RequireAdmin the staff dashboard. `/dev/mailbox` is the server's own page.
 * Every screen's title is its heading.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    // What the first load shows while a lazy screen's code arrives (React Router warns without one).
    hydrateFallbackElement: <Spinner label="Loading" className="min-h-dvh" />,
    children: [
      { index: true, element: <Navigate to={paths.splash} replace /> },
      {
        lazy: authLayout,
        children: [
          screen(paths.auth.login, "Sign in", () => import("./routes/login"), "LoginScreen"),
          screen(paths.auth.signup, "Create your account", () => import("./routes/signup"), "SignupScreen"),
          screen(
            paths.auth.resetPassword,
            "Reset your password",
            () => import("./routes/reset-password"),
            "ResetPasswordScreen",
          ),
          screen(
            paths.auth.verifyEmail,
            "Verify your email",
            () => import("./routes/verify-email"),
            "VerifyEmailScreen",
          ),
          screen(paths.contact, "Contact us", () => import("./routes/contact"), "ContactScreen"),
        ],
      },
      {
        lazy: lazyComponent(() => import("./guards/require-auth"), "RequireAuth"),
        children: [
          {
            lazy: authLayout,
            children: [
              screen(
                paths.kyc.intro,
                "Verify Your Identity",
                () => import("./routes/kyc-intro"),
                "KycIntroScreen",
              ),
              screen(
                paths.kyc.identity,
                "Identity Document",
                () => import("./routes/kyc-identity"),
                "KycIdentityScreen",
              ),
              screen(
                paths.kyc.address,
                "Proof of Address",
                () => import("./routes/kyc-address"),
                "KycAddressScreen",
              ),
              screen(
                paths.kyc.selfie,
                "Take a Selfie",
                () => import("./routes/kyc-selfie"),
                "KycSelfieScreen",
              ),
              screen(
                paths.kyc.status,
                "Verification Status",
                () => import("./routes/kyc-status"),
                "KycStatusScreen",
              ),
              screen(
                paths.kyc.enhanced,
                "Verify Your Identity",
                () => import("./routes/kyc-intro"),
                "KycIntroScreen",
              ),
            ],
          },
          {
            lazy: lazyComponent(() => import("./layouts/main-layout"), "MainLayout"),
            children: [
              screen(paths.dashboard, "Dashboard", () => import("./routes/dashboard"), "DashboardScreen"),
              screen(paths.wallet.root, "Wallet", () => import("./routes/wallet"), "WalletScreen"),
              screen(paths.history, "Transaction History", () => import("./routes/history"), "HistoryScreen"),
              screen(
                paths.statement,
                "Monthly Statement",
                () => import("./routes/history-statement"),
                "HistoryStatementScreen",
              ),
              screen(
                paths.notifications,
                "Notifications",
                () => import("./routes/notifications"),
                "NotificationsScreen",
              ),
              {
                path: paths.profile.root,
                lazy: lazyComponent(() => import("./layouts/profile-layout"), "ProfileLayout"),
                children: [
                  { index: true, element: <Navigate to={paths.profile.account} replace /> },
                  screen(
                    paths.profile.account,
                    "Account Details",
                    () => import("./routes/profile-account"),
                    "ProfileAccountScreen",
                  ),
                  screen(
                    paths.profile.kyc,
                    "KYC & Verification",
                    () => import("./routes/profile-kyc"),
                    "ProfileKycScreen",
                  ),
                  screen(
                    paths.profile.security,
                    "Security Settings",
                    () => import("./routes/profile-security"),
                    "ProfileSecurityScreen",
                  ),
                  screen(
                    paths.profile.notifications,
                    "Notification Settings",
                    () => import("./routes/profile-notifications"),
                    "ProfileNotificationsScreen",
                  ),
                  screen(
                    paths.profile.help,
                    "Help & Support",
                    () => import("./routes/profile-help"),
                    "ProfileHelpScreen",
                  ),
                  screen(
                    paths.profile.wallet,
                    "Connect Wallet",
                    () => import("./routes/profile-wallet"),
                    "ProfileWalletScreen",
                  ),
                  screen(
                    paths.profile.proof,
                    "Proof of Reserves",
                    () => import("./routes/profile-proof"),
                    "ProfileProofScreen",
                  ),
                ],
              },
            ],
          },
          {
            element: <ColumnLayout />,
            children: [
              screen(
                paths.wallet.receive,
                "Receive Bitcoin",
                () => import("./routes/wallet-receive"),
                "WalletReceiveScreen",
              ),
              screen(
                paths.wallet.send,
                "Send Bitcoin",
                () => import("./routes/wallet-send"),
                "WalletSendScreen",
              ),
            ],
          },
        ],
      },
      {
        // Staff code is loaded only here: the guard, the layout and the screen are chunks of their own.
        lazy: lazyComponent(() => import("./guards/require-admin"), "RequireAdmin"),
        children: [
          {
            lazy: lazyComponent(() => import("./layouts/admin-layout"), "AdminLayout"),
            children: [
              screen(paths.admin, "Admin Dashboard", () => import("./routes/admin"), "AdminScreen"),
              screen(
                paths.adminCustomerStatement,
                "Customer Statement",
                () => import("./routes/admin-customer-statement"),
                "AdminCustomerStatementScreen",
              ),
            ],
          },
        ],
      },
      {
        element: <ColumnLayout />,
        children: [
          { path: paths.splash, element: <SplashScreen /> },
          screen("*", "Page not found", () => import("./routes/not-found"), "NotFoundScreen"),
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
