import { Outlet } from "react-router";
import { AppColumn } from "@/components/layout/app-column";
import { PageMain } from "@/components/layout/page-main";

/** A single centred column without navigation: splash, send, receive, the 404 page. */
export function ColumnLayout() {
  return (
    <AppColumn>
      <PageMain>
        <Outlet />
      </PageMain>
    </AppColumn>
  );
}
