import type { SessionUser } from "@satsbank/shared";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { queryKeys } from "@/lib/query-keys";
import {
  assertionJSON,
  base64url,
  cancelled,
  fakeAssertion,
  installFakeWebAuthn,
  lastGetOptions,
  pendingUntilAborted,
} from "@/test/fake-webauthn";
import { customer, staff } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { renderRoute } from "@/test/render-route";
import { apiError, requestsTo, type StubHandler, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";
import { SignIn } from "./sign-in";

const challenge = (n = 1) => ({
  challengeId: `2a7c5e3f-1d9b-4c0e-8f6a-3b5d7c9e1f2${n}`,
  options: { challenge: base64url(`sign-in-${n}`), rpId: "localhost", userVerification: "required" },
});

/** The server: each options request a new challenge; verify signs in `user` (or answers `verify`). */
function passkeyServer({ user = customer, verify }: { user?: SessionUser; verify?: StubHandler } = {}) {
  let issued = 0;
  return stubApi({
    routes: {
      "POST /api/auth/passkeys/authentication/options": () => {
        issued += 1;
        return challenge(issued);
      },
      "POST /api/auth/passkeys/authentication/verify": verify ?? (() => ({ user, freshUntil: null })),
    },
  });
}

function renderSignIn(url = "/auth/login") {
  return renderWithProviders(<SignIn />, { path: "/auth/login", url });
}

describe("sign-in with a passkey: the button", () => {
  it("signs in with the passkey alone, Remember me sent, as the code step does", async () => {
    const webauthn = installFakeWebAuthn();
    const fetchMock = passkeyServer();
    const view = renderSignIn("/auth/login?next=%2Fwallet");
    await view.user.click(screen.getByRole("checkbox", { name: "Remember me" }));
    await view.user.click(await screen.findByRole("button", { name: "Sign in with a passkey" }));
    await expectToast("success", "Login successful");
    await waitFor(() => expect(view.router.state.location.pathname).toBe("/wallet"));
    expect(view.queryClient.getQueryData(queryKeys.me)).toEqual(customer);
    expect(requestsTo(fetchMock, "POST /api/auth/passkeys/authentication/options")).toEqual([
      { purpose: "signIn" },
    ]);
    expect(requestsTo(fetchMock, "POST /api/auth/passkeys/authentication/verify")).toEqual([
      { challengeId: challenge(1).challengeId, response: assertionJSON(), remember: true },
    ]);
    // The browser's modal dialog (not the autofill), with the server's challenge.
    const options = lastGetOptions(webauthn.get);
    expect(options?.mediation).toBeUndefined();
    expect(new TextDecoder().decode(options?.publicKey?.challenge as ArrayBuffer)).toBe("sign-in-1");
    // No password, no code.
    expect(requestsTo(fetchMock, "POST /api/auth/login")).toEqual([]);
  });

  it("staff land on the staff dashboard", async () => {
    installFakeWebAuthn();
    passkeyServer({ user: staff });
    const view = renderSignIn();
    await view.user.click(await screen.findByRole("button", { name: "Sign in with a passkey" }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe("/admin"));
  });

  it("a cancelled browser dialog says so; the password way is still there", async () => {
    const webauthn = installFakeWebAuthn();
    webauthn.get.mockRejectedValueOnce(cancelled());
    const fetchMock = passkeyServer();
    const view = renderSignIn();
    await view.user.click(await screen.findByRole("button", { name: "Sign in with a passkey" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Passkey request cancelled. Try again, or sign in with your password.",
    );
    expect(requestsTo(fetchMock, "POST /api/auth/passkeys/authentication/verify")).toEqual([]);
    expect(view.router.state.location.pathname).toBe("/auth/login");
    expect(screen.getByRole("button", { name: "Sign In" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Sign in with a passkey" })).toBeEnabled();
  });

  it.each([
    ["passkeyNotVerified", 400, "Your passkey could not be verified. Please try again."],
    ["passkeyExpired", 400, "The passkey request expired. Please try again."],
    [
      "passkeyFlagged",
      403,
      "This passkey was blocked because it may have been copied. Remove it in Security and add a new one, or contact support.",
    ],
  ] as const)(
    "the server's refusal (%s) is said as the other sign-in errors are",
    async (reason, status, text) => {
      installFakeWebAuthn();
      passkeyServer({ verify: () => apiError(status, "BAD_REQUEST", text, undefined, reason) });
      const view = renderSignIn();
      await view.user.click(await screen.findByRole("button", { name: "Sign in with a passkey" }));
      expect(await screen.findByRole("alert")).toHaveTextContent(text);
      expect(view.router.state.location.pathname).toBe("/auth/login");
    },
  );

  it("a deactivated account: why, and Contact support", async () => {
    installFakeWebAuthn();
    const text = "This account has been deactivated. Please contact us to reactivate it.";
    passkeyServer({ verify: () => apiError(403, "FORBIDDEN", text, undefined, "accountInactive") });
    const view = renderSignIn();
    await view.user.click(await screen.findByRole("button", { name: "Sign in with a passkey" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(text);
    expect(screen.getAllByRole("link", { name: "Contact support" })).toHaveLength(2);
  });

  it("a browser without passkeys offers no button and asks for no challenge", async () => {
    installFakeWebAuthn({ supported: false });
    const fetchMock = passkeyServer();
    renderSignIn();
    await screen.findByRole("button", { name: "Sign In" });
    // Give the support check time to answer.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("button", { name: "Sign in with a passkey" })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, "POST /api/auth/passkeys/authentication/options")).toEqual([]);
  });
});

describe("sign-in with a passkey: the email field's autofill", () => {
  it("the email field offers passkeys", () => {
    installFakeWebAuthn();
    passkeyServer();
    renderSignIn();
    expect(screen.getByLabelText("Email")).toHaveAttribute("autocomplete", "username webauthn");
  });

  it("waits from the start for a passkey picked in the autofill, then signs in with it", async () => {
    const webauthn = installFakeWebAuthn({ autofill: true });
    const fetchMock = passkeyServer();
    // The whole app, in StrictMode: the effect that starts the request runs twice, one request stays.
    const view = renderRoute("/auth/login");
    await expectToast("success", "Login successful");
    await waitFor(() => expect(view.router.state.location.pathname).toBe("/dashboard"));
    const options = lastGetOptions(webauthn.get);
    expect(options?.mediation).toBe("conditional");
    expect(requestsTo(fetchMock, "POST /api/auth/passkeys/authentication/verify")).toEqual([
      { challengeId: expect.any(String), response: assertionJSON(), remember: false },
    ]);
  });

  it("the page closing cancels the waiting request", async () => {
    const webauthn = installFakeWebAuthn({ autofill: true });
    webauthn.get.mockImplementation(pendingUntilAborted);
    passkeyServer();
    const view = renderSignIn();
    await waitFor(() => expect(webauthn.get).toHaveBeenCalled());
    const signal = lastGetOptions(webauthn.get)?.signal;
    expect(signal?.aborted).toBe(false);
    view.unmount();
    await waitFor(() => expect(signal?.aborted).toBe(true));
  });

  it("the button replaces the waiting request, and signs in", async () => {
    const webauthn = installFakeWebAuthn({ autofill: true });
    webauthn.get.mockImplementationOnce(pendingUntilAborted);
    const fetchMock = passkeyServer();
    const view = renderSignIn();
    await waitFor(() => expect(webauthn.get).toHaveBeenCalledTimes(1));
    const waiting = lastGetOptions(webauthn.get);
    await view.user.click(await screen.findByRole("button", { name: "Sign in with a passkey" }));
    await expectToast("success", "Login successful");
    expect(waiting?.signal?.aborted).toBe(true);
    expect(webauthn.get.mock.calls[1]?.[0]?.mediation).toBeUndefined();
    // Only the button's challenge was signed and sent.
    expect(requestsTo(fetchMock, "POST /api/auth/passkeys/authentication/verify")).toEqual([
      { challengeId: challenge(2).challengeId, response: assertionJSON(), remember: false },
    ]);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("a passkey picked in the autofill as the button is pressed signs in once, with the button's", async () => {
    const webauthn = installFakeWebAuthn({ autofill: true });
    let release: () => void = () => {};
    // The autofill's answer comes although the button's request replaced it (the race a real browser has).
    webauthn.get.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = () => resolve(fakeAssertion("autofill"));
        }),
    );
    const fetchMock = passkeyServer();
    const view = renderSignIn();
    await waitFor(() => expect(webauthn.get).toHaveBeenCalledTimes(1));
    await view.user.click(await screen.findByRole("button", { name: "Sign in with a passkey" }));
    release();
    await expectToast("success", "Login successful");
    await waitFor(() => expect(view.router.state.location.pathname).toBe("/dashboard"));
    expect(requestsTo(fetchMock, "POST /api/auth/passkeys/authentication/verify")).toEqual([
      { challengeId: challenge(2).challengeId, response: assertionJSON(), remember: false },
    ]);
  });

  it("the password way is unchanged: a password sign-in still goes to the code step", async () => {
    const webauthn = installFakeWebAuthn({ autofill: true });
    webauthn.get.mockImplementation(pendingUntilAborted);
    const fetchMock = stubApi({
      routes: {
        "POST /api/auth/passkeys/authentication/options": () => challenge(1),
        "POST /api/auth/login": () => ({
          challengeId: "c1",
          method: "email",
          expiresAt: "2030-01-01T00:00:00.000Z",
        }),
      },
    });
    const view = renderSignIn();
    await waitFor(() => expect(webauthn.get).toHaveBeenCalled());
    const signal = lastGetOptions(webauthn.get)?.signal;
    await view.user.type(screen.getByLabelText("Email"), "ada@example.com");
    await view.user.type(screen.getByLabelText("Password"), "correct-horse");
    await view.user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("We sent a 6-digit code to your email.")).toBeInTheDocument();
    expect(requestsTo(fetchMock, "POST /api/auth/login")).toHaveLength(1);
    // The code step has no email field: the waiting request is cancelled.
    await waitFor(() => expect(signal?.aborted).toBe(true));
  });
});
