import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import themeInitScript from "../../../public/theme-init.js?raw";
import { ThemeProvider } from "./theme-provider";
import { THEME_STORAGE_KEY } from "./theme-storage";
import { useTheme } from "./use-theme";

function Probe() {
  const { theme, setTheme, toggleTheme } = useTheme();
  return (
    <div>
      <p>theme: {theme}</p>
      <button type="button" onClick={toggleTheme}>
        toggle
      </button>
      <button type="button" onClick={() => setTheme("light")}>
        light
      </button>
    </div>
  );
}

function renderProbe() {
  return render(
    <ThemeProvider>
      <Probe />
    </ThemeProvider>,
  );
}

const rootClasses = () => [...document.documentElement.classList];

describe("theme", () => {
  it("uses the key 'theme' in localStorage", () => {
    expect(THEME_STORAGE_KEY).toBe("theme");
  });

  it("defaults to light when nothing is stored", () => {
    renderProbe();
    expect(screen.getByText("theme: light")).toBeInTheDocument();
    expect(rootClasses()).toEqual(["light"]);
  });

  it("reads the initial value from localStorage", () => {
    window.localStorage.setItem("theme", "dark");
    renderProbe();
    expect(screen.getByText("theme: dark")).toBeInTheDocument();
    expect(rootClasses()).toEqual(["dark"]);
  });

  it("ignores a stored value that is not a theme", () => {
    window.localStorage.setItem("theme", "purple");
    renderProbe();
    expect(rootClasses()).toEqual(["light"]);
  });

  it("saves a change and replaces the class on <html>", () => {
    document.documentElement.classList.add("light");
    renderProbe();
    act(() => screen.getByRole("button", { name: "toggle" }).click());
    expect(window.localStorage.getItem("theme")).toBe("dark");
    expect(rootClasses()).toEqual(["dark"]);
    act(() => screen.getByRole("button", { name: "light" }).click());
    expect(window.localStorage.getItem("theme")).toBe("light");
    expect(rootClasses()).toEqual(["light"]);
  });

  it("refuses to be used outside the provider", () => {
    expect(() => render(<Probe />)).toThrow(/ThemeProvider/);
  });
});

describe("public/theme-init.js", () => {
  const run = () => new Function(themeInitScript)();

  it("sets the stored theme's class before the app loads", () => {
    window.localStorage.setItem("theme", "dark");
    document.documentElement.className = "light";
    run();
    expect(rootClasses()).toEqual(["dark"]);
    expect(document.documentElement.style.colorScheme).toBe("dark");
  });

  it("falls back to light", () => {
    window.localStorage.setItem("theme", "nonsense");
    run();
    expect(rootClasses()).toEqual(["light"]);
  });
});
