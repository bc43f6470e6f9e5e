import type { HelpFacts } from "@satsbank/shared";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";
import { faqs } from "../lib/faqs";

/** The FAQs: one answer open at a time, and the open one closes again on its question. */
export function FaqAccordion({ facts }: { facts: HelpFacts | undefined }) {
  return (
    <Accordion type="single" collapsible>
      {faqs(facts).map(({ id, question, answer }) => (
        <AccordionItem key={id} value={id}>
          <AccordionTrigger>{question}</AccordionTrigger>
          <AccordionContent>
            {answer.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
