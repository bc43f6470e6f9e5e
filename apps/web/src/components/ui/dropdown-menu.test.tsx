import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "./dropdown-menu";

function Menu() {
  return (
    <>
      <a href="/elsewhere">A link on the page</a>
      <DropdownMenu>
        <DropdownMenuTrigger>Show</DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuRadioGroup value="all">
            <DropdownMenuRadioItem value="all">All</DropdownMenuRadioItem>
            <DropdownMenuRadioItem value="sent">Sent</DropdownMenuRadioItem>
          </DropdownMenuRadioGroup>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}

describe("DropdownMenu", () => {
  it("while open, hides nothing focusable from screen readers; Escape gives the focus back", async () => {
    const user = userEvent.setup();
    render(<Menu />);
    const trigger = screen.getByRole("button", { name: "Show" });
    trigger.focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("menu")).toBeInTheDocument();
    expect(screen.getByRole("menuitemradio", { name: "All" })).toHaveFocus();

    // A modal Radix menu puts aria-hidden on everything outside it, though it all stays focusable.
    expect(
      document.querySelectorAll('[aria-hidden="true"] a[href], [aria-hidden="true"] button'),
    ).toHaveLength(0);
    expect(screen.getByRole("link", { name: "A link on the page" })).toBeVisible();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});
