import type { HelpFacts } from "@satsbank/shared";
import { btcText } from "@/lib/money-text";

export interface Faq {
  /** The accordion item's value. */
  id: string;
  question: string;
  /** Paragraphs. */
  answer: string[];
}

/**
 * The specification's seven questions, answered for this bank as it runs: the figures come from the
 * server's help facts (its configuration). Until they arrive, the answers say where to find them instead.
 */
export function faqs(facts: HelpFacts | undefined): Faq[] {
  const fee = facts ? `a network fee of ${btcText(BigInt(facts.withdrawalFeeSats))}` : "a network fee";
  const limits = facts
    ? `up to ${btcText(BigInt(facts.dailySendLimitSats.level1))} at level 1 (identity and address verified) and up to ${btcText(BigInt(facts.dailySendLimitSats.level2))} at level 2 (enhanced verification)`
    : "a limit that grows from level 1 (identity and address verified) to level 2 (enhanced verification)";
  const credited = facts
    ? `after ${facts.confirmations} ${facts.confirmations === 1 ? "confirmation" : "confirmations"}`
    : "after the bank's confirmations";
  return [
    {
      id: "send",
      question: "How do I send Bitcoin?",
      answer: [
        "Open Wallet and choose Send. Enter the recipient, either a Satsbank customer's username or a Bitcoin address, and the amount, then check the review and confirm.",
        "To another Satsbank customer (by username, or to their Satsbank address) the money moves inside the bank: free and instant.",
        `To any other address it is a withdrawal: it leaves on the Bitcoin network with ${fee}, added to the amount and shown before you confirm, and stays pending until the network confirms it.`,
        "Sending needs a confirmed email address and your identity and address verified.",
      ],
    },
    {
      id: "receive",
      question: "How do I receive Bitcoin?",
      answer: [
        "Open Wallet and choose Receive: it shows your Bitcoin address and its QR code, to copy, share or scan. Anyone can pay it from any Bitcoin wallet.",
        "Another Satsbank customer can simply send to your username instead. Receiving never needs verification.",
      ],
    },
    {
      id: "kyc",
      question: "What is KYC verification?",
      answer: [
        "KYC (Know Your Customer) is the identity check a bank must make. You upload an identity document (passport, driver's license or national ID card), a proof of address dated within the last 3 months, and a selfie. Once your identity and address are verified, you can send Bitcoin.",
        "Enhanced verification, a declaration of where your funds come from with a supporting document, raises your daily send limit. Follow your checks in Profile, KYC & Verification.",
      ],
    },
    {
      id: "confirmation-time",
      question: "How long do transactions take to confirm?",
      answer: [
        "Between Satsbank customers: at once. On the Bitcoin network, a transaction is confirmed when a miner puts it in a block: usually within 10 minutes to over an hour, depending on how busy the network is. A transaction paying a higher fee is confirmed faster.",
        `A deposit to your address shows as pending as soon as it is seen, and is credited to your balance ${credited}.`,
      ],
    },
    {
      id: "limits",
      question: "What are the buying and selling limits?",
      answer: [
        "Satsbank does not buy or sell Bitcoin: there is no buying or selling in the app. Bitcoin comes in when you receive it and goes out when you send it.",
        `What your verification level limits is sending, in any 24 hours: ${limits}. Before verification you can receive but not send. Receiving has no limit.`,
      ],
    },
    {
      id: "forgot-password",
      question: "I forgot my password. What do I do?",
      answer: [
        "On the sign-in screen, choose Forgot password and enter your email. If it has an account, we email you a link to choose a new password: it works once and is valid for 30 minutes.",
        "Choosing a new password signs you out on every other device.",
      ],
    },
    {
      id: "two-factor",
      question: "How do I enable two-factor authentication?",
      answer: [
        "Go to Profile, Security and switch on Two-Factor Authentication. Scan the QR code with an authenticator app (or type its key), then enter the 6-digit code the app shows.",
        "From then on, signing in asks for your app's code instead of a code by email.",
      ],
    },
  ];
}
