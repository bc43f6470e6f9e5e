import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { paths } from "@/lib/paths";
import { ColumnLayout } from "./layouts/column-layout";
import { RootLayout, type RouteHandle } from "./layouts/root-layout";
import { RouteErrorScreen } from "./routes/route-error";
import { SplashScreen } from "./routes/splash";

/**
 * A route's component, loaded when the route is first matched: each screen and layout is a chunk of its
 * own, so the first load carries only the screens it shows (sign-in never downloads the staff dashboard).
 * The router loads every lazy route of a match at once, layouts and screen in parallel. Only the splash
 * (where `/` leads) and its layout are in the entry chunk, so the first screen draws without waiting.
 */
function lazyComponent<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** A route's `handle`: its page title, shown before the brand name in the browser tab. */
const titled = (title: string): RouteHandle => ({ title });

const authLayout = lazyComponent(
  () => import("./layouts/auth-layout"),
  (m) => m.AuthLayout,
);

/**
 * The specification's route table (section 2). Layout routes have no path; every child path is absolute
 * and comes from lib/paths. An unknown path, including one under /profile, matches the last "*" route.
 * Public: splash, sign-in, sign-up, password reset, email verification and the 404 page. RequireAuth wraps every customer
 * screen (KYC included), RequireAdmin the staff dashboard. `/dev/mailbox` is the server's own page.
 * Every screen's title is its heading.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, element: <Navigate to={paths.splash} replace /> },
      {
        lazy: authLayout,
        children: [
          {
            path: paths.auth.login,
            handle: titled("Sign in"),
            lazy: lazyComponent(
              () => import("./routes/login"),
              (m) => m.LoginScreen,
            ),
          },
          {
            path: paths.auth.signup,
            handle: titled("Create your account"),
            lazy: lazyComponent(
              () => import("./routes/signup"),
              (m) => m.SignupScreen,
            ),
          },
          {
            path: paths.auth.resetPassword,
            handle: titled("Reset your password"),
            lazy: lazyComponent(
              () => import("./routes/reset-password"),
              (m) => m.ResetPasswordScreen,
            ),
          },
          {
            path: paths.auth.verifyEmail,
            handle: titled("Verify your email"),
            lazy: lazyComponent(
              () => import("./routes/verify-email"),
              (m) => m.VerifyEmailScreen,
            ),
          },
        ],
      },
      {
        lazy: lazyComponent(
          () => import("./guards/require-auth"),
          (m) => m.RequireAuth,
        ),
        children: [
          {
            lazy: authLayout,
            children: [
              {
                path: paths.kyc.intro,
                handle: titled("Verify Your Identity"),
                lazy: lazyComponent(
                  () => import("./routes/kyc-intro"),
                  (m) => m.KycIntroScreen,
                ),
              },
              {
                path: paths.kyc.identity,
                handle: titled("Identity Document"),
                lazy: lazyComponent(
                  () => import("./routes/kyc-identity"),
                  (m) => m.KycIdentityScreen,
                ),
              },
              {
                path: paths.kyc.address,
                handle: titled("Proof of Address"),
                lazy: lazyComponent(
                  () => import("./routes/kyc-address"),
                  (m) => m.KycAddressScreen,
                ),
              },
              {
                path: paths.kyc.selfie,
                handle: titled("Take a Selfie"),
                lazy: lazyComponent(
                  () => import("./routes/kyc-selfie"),
                  (m) => m.KycSelfieScreen,
                ),
              },
              {
                path: paths.kyc.status,
                handle: titled("Verification Status"),
                lazy: lazyComponent(
                  () => import("./routes/kyc-status"),
                  (m) => m.KycStatusScreen,
                ),
              },
              {
                path: paths.kyc.enhanced,
                handle: titled("Verify Your Identity"),
                lazy: lazyComponent(
                  () => import("./routes/kyc-intro"),
                  (m) => m.KycIntroScreen,
                ),
              },
            ],
          },
          {
            lazy: lazyComponent(
              () => import("./layouts/main-layout"),
              (m) => m.MainLayout,
            ),
            children: [
              {
                path: paths.dashboard,
                handle: titled("Dashboard"),
                lazy: lazyComponent(
                  () => import("./routes/dashboard"),
                  (m) => m.DashboardScreen,
                ),
              },
              {
                path: paths.wallet.root,
                handle: titled("Wallet"),
                lazy: lazyComponent(
                  () => import("./routes/wallet"),
                  (m) => m.WalletScreen,
                ),
              },
              {
                path: paths.history,
                handle: titled("Transaction History"),
                lazy: lazyComponent(
                  () => import("./routes/history"),
                  (m) => m.HistoryScreen,
                ),
              },
              {
                path: paths.notifications,
                handle: titled("Notifications"),
                lazy: lazyComponent(
                  () => import("./routes/notifications"),
                  (m) => m.NotificationsScreen,
                ),
              },
              {
                path: paths.profile.root,
                lazy: lazyComponent(
                  () => import("./layouts/profile-layout"),
                  (m) => m.ProfileLayout,
                ),
                children: [
                  { index: true, element: <Navigate to={paths.profile.account} replace /> },
                  {
                    path: paths.profile.account,
                    handle: titled("Account Details"),
                    lazy: lazyComponent(
                      () => import("./routes/profile-account"),
                      (m) => m.ProfileAccountScreen,
                    ),
                  },
                  {
                    path: paths.profile.kyc,
                    handle: titled("KYC & Verification"),
                    lazy: lazyComponent(
                      () => import("./routes/profile-kyc"),
                      (m) => m.ProfileKycScreen,
                    ),
                  },
                  {
                    path: paths.profile.security,
                    handle: titled("Security Settings"),
                    lazy: lazyComponent(
                      () => import("./routes/profile-security"),
                      (m) => m.ProfileSecurityScreen,
                    ),
                  },
                  {
                    path: paths.profile.notifications,
                    handle: titled("Notification Settings"),
                    lazy: lazyComponent(
                      () => import("./routes/profile-notifications"),
                      (m) => m.ProfileNotificationsScreen,
                    ),
                  },
                  {
                    path: paths.profile.help,
                    handle: titled("Help & Support"),
                    lazy: lazyComponent(
                      () => import("./routes/profile-help"),
                      (m) => m.ProfileHelpScreen,
                    ),
                  },
                  {
                    path: paths.profile.wallet,
                    handle: titled("Connect Wallet"),
                    lazy: lazyComponent(
                      () => import("./routes/profile-wallet"),
                      (m) => m.ProfileWalletScreen,
                    ),
                  },
                ],
              },
            ],
          },
          {
            element: <ColumnLayout />,
            children: [
              {
                path: paths.wallet.receive,
                handle: titled("Receive Bitcoin"),
                lazy: lazyComponent(
                  () => import("./routes/wallet-receive"),
                  (m) => m.WalletReceiveScreen,
                ),
              },
              {
                path: paths.wallet.send,
                handle: titled("Send Bitcoin"),
                lazy: lazyComponent(
                  () => import("./routes/wallet-send"),
                  (m) => m.WalletSendScreen,
                ),
              },
            ],
          },
        ],
      },
      {
        // Staff code is loaded only here: the guard, the layout and the screen are chunks of their own.
        lazy: lazyComponent(
          () => import("./guards/require-admin"),
          (m) => m.RequireAdmin,
        ),
        children: [
          {
            lazy: lazyComponent(
              () => import("./layouts/admin-layout"),
              (m) => m.AdminLayout,
            ),
            children: [
              {
                path: paths.admin,
                handle: titled("Admin Dashboard"),
                lazy: lazyComponent(
                  () => import("./routes/admin"),
                  (m) => m.AdminScreen,
                ),
              },
            ],
          },
        ],
      },
      {
        element: <ColumnLayout />,
        children: [
          { path: paths.splash, element: <SplashScreen /> },
          {
            path: "*",
            handle: titled("Page not found"),
            lazy: lazyComponent(
              () => import("./routes/not-found"),
              (m) => m.NotFoundScreen,
            ),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
