import { PageHeader } from "@/components/layout/page-header";
import { ContactForm } from "@/features/support/components/contact-form";
import { paths } from "@/lib/paths";

/**
 * Screen: the public contact form (issue 21). Reachable signed out, from sign-in ("Contact support") and
 * from the message a deactivated customer reads there; Help & Support is the signed-in way.
 */
export function ContactScreen() {
  return (
    <>
      <PageHeader title="Contact us" backTo={paths.auth.login} />
      <ContactForm />
    </>
  );
}
