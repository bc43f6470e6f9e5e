import { CircleHelp } from "lucide-react";
import { useRef } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { useMe } from "@/features/auth/api/get-me";
import { useHelpFacts } from "@/features/support/api/get-help-facts";
import { ContactSupportDialog } from "@/features/support/components/contact-support-dialog";
import { FaqAccordion } from "@/features/support/components/faq-accordion";

/** Screen: profile: help and support. Contact Support (a request kept and answered by email), the FAQs. */
export function ProfileHelpScreen() {
  const { data: user } = useMe();
  const { data: facts } = useHelpFacts();
  const faqHeading = useRef<HTMLHeadingElement>(null);

  // The button's promise kept for every reader: the page moves to the FAQs and so does the focus.
  function showFaqs() {
    const heading = faqHeading.current;
    if (heading === null) return;
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    heading.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
    heading.focus({ preventScroll: true });
  }

  return (
    <>
      <PageHeader title="Help & Support" />
      <div className="flex flex-col gap-6">
        <section
          aria-label="Get help"
          className="flex flex-col gap-4 rounded-2xl border bg-card p-4 shadow-sm"
        >
          <p className="text-sm text-muted-foreground">
            Write to us and we'll answer by email, or find a quick answer in the FAQs.
          </p>
          <div className="flex flex-wrap gap-2">
            {/* RequireAuth renders this only with a user; the check covers the moment of logging out. */}
            {user && <ContactSupportDialog email={user.email} />}
            <Button variant="outline" onClick={showFaqs}>
              <CircleHelp aria-hidden="true" />
              FAQs
            </Button>
          </div>
        </section>
        <section aria-labelledby="faqs" className="flex scroll-mt-4 flex-col gap-3">
          <h2 id="faqs" ref={faqHeading} tabIndex={-1} className="text-lg font-semibold outline-none">
            Frequently Asked Questions
          </h2>
          <FaqAccordion facts={facts} />
        </section>
      </div>
    </>
  );
}
