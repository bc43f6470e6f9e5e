import type { LoginChallenge } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { queryKeys } from "@/lib/query-keys";
import { customer, staff } from "@/test/fixtures";
import { expectPasswordToggles } from "@/test/password-toggles";
import { renderWithProviders } from "@/test/render";
import { apiError, requestsTo, stubApi } from "@/test/stub-api";
import { SignIn } from "./sign-in";

const challenge = (method: LoginChallenge["method"] = "email"): LoginChallenge => ({
  challengeId: "challenge-1",
  method,
  expiresAt: "2030-01-01T00:10:00.000Z",
});

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function renderSignIn(url = "/auth/login") {
  return renderWithProviders(<SignIn />, { path: "/auth/login", url });
}

async function submitCredentials(view: ReturnType<typeof renderSignIn>, email = "ada@example.com") {
  await view.user.type(screen.getByLabelText("Email"), email);
  await view.user.type(screen.getByLabelText("Password"), "correct-horse");
  await view.user.click(screen.getByRole("button", { name: "Sign In" }));
}

describe("sign-in, step 1", () => {
  it("has the specification's fields, links and a labelled Remember me checkbox", () => {
    renderSignIn();
    expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "password");
    expect(screen.getByRole("checkbox", { name: "Remember me" })).not.toBeChecked();
    expect(screen.getByRole("link", { name: "Forgot password" })).toHaveAttribute(
      "href",
      "/auth/reset-password",
    );
    expect(screen.getByRole("link", { name: "Create account" })).toHaveAttribute("href", "/auth/signup");
  });

  it("shows and hides the password with an accessible toggle", async () => {
    const { user, container } = renderSignIn();
    await expectPasswordToggles(user, container, ["Password"]);
  });

  it("shows the specification's messages", async () => {
    const { user } = renderSignIn();
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.type(screen.getByLabelText("Password"), "short");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Invalid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 8 characters")).toBeInTheDocument();
  });

  it("marks the wrong fields, focuses the first, and re-checks them as the person types", async () => {
    const fetchMock = stubApi();
    const { user } = renderSignIn();
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    const password = screen.getByLabelText("Password");
    expect(await screen.findByText("Password is required")).toBeInTheDocument();
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(password).toHaveAccessibleDescription("Password is required");
    expect(screen.getByLabelText("Email")).not.toHaveAttribute("aria-invalid");
    expect(requestsTo(fetchMock, "POST /api/auth/login")).toHaveLength(0);

    await user.type(password, "short");
    expect(screen.getByText("Password must be at least 8 characters")).toBeInTheDocument();
    await user.type(password, "-but-long-now");
    expect(screen.queryByText("Password must be at least 8 characters")).not.toBeInTheDocument();
    expect(password).not.toHaveAttribute("aria-invalid");
  });

  it("says 'Signing in...' while the request runs and sends remember", async () => {
    const answer = deferred<unknown>();
    const fetchMock = stubApi({ routes: { "POST /api/auth/login": () => answer.promise } });
    const view = renderSignIn();
    await view.user.click(screen.getByRole("checkbox", { name: "Remember me" }));
    await submitCredentials(view);
    expect(await screen.findByRole("button", { name: "Signing in..." })).toBeDisabled();
    expect(requestsTo(fetchMock, "POST /api/auth/login")).toEqual([
      { email: "ada@example.com", password: "correct-horse", remember: true },
    ]);
    answer.resolve(challenge());
    expect(await screen.findByText("We sent a 6-digit code to your email.")).toBeInTheDocument();
  });

  it("shows the server's one generic message for wrong credentials in an alert", async () => {
    stubApi({
      routes: { "POST /api/auth/login": () => apiError(401, "UNAUTHENTICATED", "Invalid email or password") },
    });
    const view = renderSignIn();
    await submitCredentials(view);
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid email or password");
    expect(screen.getByRole("button", { name: "Sign In" })).toBeEnabled();
  });

  it("shows the rate limit's message", async () => {
    stubApi({
      routes: {
        "POST /api/auth/login": () =>
          apiError(429, "RATE_LIMITED", "Too many attempts. Try again in a minute."),
      },
    });
    const view = renderSignIn();
    await submitCredentials(view);
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts. Try again in a minute.");
  });
});

describe("sign-in: a deactivated account and the way to contact the bank", () => {
  it("offers Contact support under the form", () => {
    stubApi();
    renderSignIn();
    expect(screen.getByRole("link", { name: "Contact support" })).toHaveAttribute("href", "/contact");
  });

  it("says why at the password step, with a link to the contact form", async () => {
    stubApi({
      routes: {
        "POST /api/auth/login": () =>
          apiError(
            403,
            "FORBIDDEN",
            "This account has been deactivated. Please contact us to reactivate it.",
            undefined,
            "accountInactive",
          ),
      },
    });
    const view = renderSignIn();
    await submitCredentials(view);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("This account has been deactivated. Please contact us to reactivate it.");
    expect(within(alert).getByRole("link", { name: "Contact support" })).toHaveAttribute("href", "/contact");
  });

  it("says why a session ended when it arrives with ?reason=accountInactive", () => {
    stubApi();
    renderSignIn("/auth/login?next=%2Fwallet&reason=accountInactive");
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("This account has been deactivated. Please contact us to reactivate it.");
    expect(within(alert).getByRole("link", { name: "Contact support" })).toBeInTheDocument();
  });
});

describe("sign-in, step 2: Resend code and recovery codes", () => {
  it("resends the emailed code, says so and clears the code typed", async () => {
    const fetchMock = stubApi({
      routes: {
        "POST /api/auth/login": () => challenge("email"),
        "POST /api/auth/login/resend": () => challenge("email"),
      },
    });
    const view = renderSignIn();
    await submitCredentials(view);
    const code = await screen.findByLabelText("Authentication code");
    await view.user.type(code, "123");
    await view.user.click(screen.getByRole("button", { name: "Resend code" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "We sent a new code to your email. The one before no longer works.",
    );
    expect(code).toHaveValue("");
    expect(requestsTo(fetchMock, "POST /api/auth/login/resend")).toEqual([{ challengeId: "challenge-1" }]);
  });

  it("says when resending is refused, and goes back to step 1 when the sign-in ended", async () => {
    let ended = false;
    stubApi({
      routes: {
        "POST /api/auth/login": () => challenge("email"),
        "POST /api/auth/login/resend": () =>
          ended
            ? apiError(401, "UNAUTHENTICATED", "This sign-in has expired. Please sign in again.")
            : apiError(429, "RATE_LIMITED", "Too many attempts. Please wait a few minutes and try again."),
      },
    });
    const view = renderSignIn();
    await submitCredentials(view);
    await view.user.click(await screen.findByRole("button", { name: "Resend code" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Too many attempts. Please wait a few minutes and try again.",
    );
    ended = true;
    await view.user.click(screen.getByRole("button", { name: "Resend code" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This sign-in has expired. Please sign in again.",
    );
    expect(screen.getByRole("button", { name: "Sign In" })).toBeInTheDocument();
  });

  it("offers no Resend code for an authenticator app, but a recovery code", async () => {
    stubApi({ routes: { "POST /api/auth/login": () => challenge("totp") } });
    const view = renderSignIn();
    await submitCredentials(view);
    await screen.findByLabelText("Authentication code");
    expect(screen.queryByRole("button", { name: "Resend code" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Lost your device? Use a recovery code" })).toBeInTheDocument();
  });

  it("signs in with a recovery code, a wrong one said on its field", async () => {
    const fetchMock = stubApi({
      routes: {
        "POST /api/auth/login": () => challenge("totp"),
        "POST /api/auth/login/recovery": ({ body }) =>
          (body as { recoveryCode: string }).recoveryCode === "2hk3m-q9xwz"
            ? { user: customer }
            : apiError(400, "BAD_REQUEST", "Wrong", {
                recoveryCode: "That recovery code is not correct, or it was used already.",
              }),
      },
    });
    const view = renderSignIn();
    await submitCredentials(view);
    await view.user.click(
      await screen.findByRole("button", { name: "Lost your device? Use a recovery code" }),
    );
    expect(screen.getByRole("heading", { name: "Use a recovery code" })).toBeInTheDocument();
    const field = screen.getByLabelText("Recovery code");
    expect(field).toHaveFocus();
    await view.user.click(screen.getByRole("button", { name: "Verify & Login" }));
    expect(await screen.findByText("Enter a recovery code")).toBeInTheDocument();
    await view.user.type(field, "aaaaa-aaaaa");
    await view.user.click(screen.getByRole("button", { name: "Verify & Login" }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining("That recovery code is not correct, or it was used already."),
      ),
    );
    await view.user.clear(field);
    await view.user.type(field, "2hk3m-q9xwz");
    await view.user.click(screen.getByRole("button", { name: "Verify & Login" }));
    expect(await screen.findByText("Login successful")).toBeInTheDocument();
    await waitFor(() => expect(view.router.state.location.pathname).toBe("/dashboard"));
    expect(requestsTo(fetchMock, "POST /api/auth/login/recovery")).toEqual([
      { challengeId: "challenge-1", recoveryCode: "aaaaa-aaaaa" },
      { challengeId: "challenge-1", recoveryCode: "2hk3m-q9xwz" },
    ]);
  });

  it("goes back to the app's code from the recovery form", async () => {
    stubApi({ routes: { "POST /api/auth/login": () => challenge("totp") } });
    const view = renderSignIn();
    await submitCredentials(view);
    await view.user.click(
      await screen.findByRole("button", { name: "Lost your device? Use a recovery code" }),
    );
    await view.user.click(screen.getByRole("button", { name: "Use my authenticator app instead" }));
    expect(await screen.findByLabelText("Authentication code")).toBeInTheDocument();
  });
});

describe("sign-in, step 2", () => {
  function stubSignIn(verify: () => unknown, method: LoginChallenge["method"] = "email") {
    return stubApi({
      routes: { "POST /api/auth/login": () => challenge(method), "POST /api/auth/login/verify": verify },
    });
  }

  it("asks for the authenticator code when the method is totp", async () => {
    stubSignIn(() => ({ user: customer }), "totp");
    const view = renderSignIn();
    await submitCredentials(view);
    expect(
      await screen.findByText("Enter the 6-digit code from your authenticator app."),
    ).toBeInTheDocument();
  });

  it("enables 'Verify & Login' only with six digits, accepts digits only, and shows 'Verifying...'", async () => {
    const answer = deferred<unknown>();
    const fetchMock = stubSignIn(() => answer.promise);
    const view = renderSignIn();
    await submitCredentials(view);
    const code = await screen.findByLabelText("Authentication code");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code).toHaveAttribute("inputmode", "numeric");
    const verify = screen.getByRole("button", { name: "Verify & Login" });
    expect(verify).toBeDisabled();
    await view.user.type(code, "ab");
    expect(code).toHaveValue("");
    await view.user.type(code, "12345");
    expect(verify).toBeDisabled();
    await view.user.type(code, "6");
    expect(verify).toBeEnabled();
    await view.user.click(verify);
    expect(await screen.findByRole("button", { name: "Verifying..." })).toBeDisabled();
    expect(requestsTo(fetchMock, "POST /api/auth/login/verify")).toEqual([
      { challengeId: "challenge-1", code: "123456" },
    ]);
    answer.resolve({ user: customer });
    await waitFor(() => expect(view.router.state.location.pathname).toBe("/dashboard"));
  });

  it("says 'Login successful', sets the session and goes to a safe ?next= page", async () => {
    stubSignIn(() => ({ user: customer }));
    const view = renderSignIn("/auth/login?next=%2Fwallet%3Ftab%3Dx");
    await submitCredentials(view);
    await view.user.type(await screen.findByLabelText("Authentication code"), "123456");
    await view.user.click(screen.getByRole("button", { name: "Verify & Login" }));
    expect(await screen.findByText("Login successful")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/wallet?tab=x"));
    expect(view.queryClient.getQueryData(queryKeys.me)).toEqual(customer);
  });

  it("ignores an outside ?next= target", async () => {
    stubSignIn(() => ({ user: customer }));
    const view = renderSignIn("/auth/login?next=%2F%2Fevil.example");
    await submitCredentials(view);
    await view.user.type(await screen.findByLabelText("Authentication code"), "123456");
    await view.user.click(screen.getByRole("button", { name: "Verify & Login" }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe("/dashboard"));
  });

  it("sends staff to /admin", async () => {
    stubSignIn(() => ({ user: staff }));
    const view = renderSignIn();
    await submitCredentials(view, "admin@example.com");
    await view.user.type(await screen.findByLabelText("Authentication code"), "123456");
    await view.user.click(screen.getByRole("button", { name: "Verify & Login" }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe("/admin"));
  });

  it("says a wrong code on the field and stays", async () => {
    stubSignIn(() => apiError(400, "BAD_REQUEST", "Invalid code", { code: "That code is not right" }));
    const view = renderSignIn();
    await submitCredentials(view);
    const code = await screen.findByLabelText("Authentication code");
    await view.user.type(code, "000000");
    await view.user.click(screen.getByRole("button", { name: "Verify & Login" }));
    expect(await screen.findByText("That code is not right")).toBeInTheDocument();
    expect(code).toHaveAccessibleDescription(expect.stringContaining("That code is not right"));
    expect(code).toHaveValue("");
    expect(view.router.state.location.pathname).toBe("/auth/login");
  });

  it("goes back to step 1 with the message when the challenge has ended", async () => {
    stubSignIn(() => apiError(401, "UNAUTHENTICATED", "The code has expired. Sign in again."));
    const view = renderSignIn();
    await submitCredentials(view);
    await view.user.type(await screen.findByLabelText("Authentication code"), "123456");
    await view.user.click(screen.getByRole("button", { name: "Verify & Login" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The code has expired. Sign in again.");
    expect(screen.getByRole("button", { name: "Sign In" })).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
  });

  it("'Back to login' returns to step 1 keeping the typed email", async () => {
    stubSignIn(() => ({ user: customer }));
    const view = renderSignIn();
    await submitCredentials(view);
    await view.user.click(await screen.findByRole("button", { name: "Back to login" }));
    const form = screen.getByRole("button", { name: "Sign In" }).closest("form");
    if (!form) throw new Error("no form");
    expect(within(form).getByLabelText("Email")).toHaveValue("ada@example.com");
    expect(within(form).getByLabelText("Password")).toHaveValue("");
    expect(within(form).getByLabelText("Password")).toHaveFocus();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
