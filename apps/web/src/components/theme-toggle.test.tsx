import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ThemeProvider } from "@/lib/theme/theme-provider";
import { ThemeToggle } from "./theme-toggle";

describe("ThemeToggle", () => {
  it("is a button named 'Toggle theme' that switches and saves the theme", async () => {
    const user = userEvent.setup();
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    const toggle = screen.getByRole("button", { name: "Toggle theme" });
    expect(document.documentElement).toHaveClass("light");
    expect(toggle).toHaveAttribute("title", "Switch to dark theme");

    await user.click(toggle);
    expect(document.documentElement).toHaveClass("dark");
    expect(document.documentElement).not.toHaveClass("light");
    expect(window.localStorage.getItem("theme")).toBe("dark");
    expect(toggle).toHaveAttribute("title", "Switch to light theme");

    await user.click(toggle);
    expect(document.documentElement).toHaveClass("light");
    expect(window.localStorage.getItem("theme")).toBe("light");
  });
});
