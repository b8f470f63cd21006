import { Coins, CreditCard, Quote } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { BillingMode } from '@/domain/billing/billing';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';

/** What the card payments card says in each billing mode; undefined while the mode is not known. */
function cardPayments(mode: BillingMode | undefined): { badge: string | null; text: string } {
  if (mode === 'stripe')
    return {
      badge: 'Available',
      text: 'Visa, Mastercard and American Express, processed securely by our card payment provider. We never see or store your card number.',
    };
  if (mode === 'test')
    return {
      badge: 'Test mode',
      text: 'Payments on this site are in test mode: checkout is simulated and no card is charged.',
    };
  return { badge: null, text: 'Pay by card through our card payment provider.' };
}

/**
 * Payment options on /membership: card payments, XRP payments Coming Soon. The card brands are named
 * only when real payments are on: `mode` is the server's billing mode (GET /api/billing/config).
 */
export function PaymentOptions({ mode }: { mode: BillingMode | undefined }) {
  const card = cardPayments(mode);
  return (
    <section aria-labelledby="payment-options" className="flex flex-col gap-4">
      <h2 id="payment-options" className="text-center text-2xl font-bold">
        Payment Options
      </h2>
      <div className="mx-auto grid w-full max-w-4xl gap-4 sm:grid-cols-2">
        <Card>
          <CardHeader>
            <div className="flex items-center justify-between gap-2">
              <CardTitle as="h3" className="flex items-center gap-2">
                <CreditCard className="size-5 text-primary" aria-hidden="true" /> Card Payments
              </CardTitle>
              {card.badge && (
                <Badge
                  className={
                    mode === 'stripe'
                      ? 'border-emerald-600/40 text-emerald-700 dark:text-emerald-400'
                      : 'border-amber-600/50 text-amber-800 dark:text-amber-300'
                  }
                >
                  {card.badge}
                </Badge>
              )}
            </div>
            <CardDescription data-testid="card-payments">{card.text}</CardDescription>
          </CardHeader>
        </Card>
        <Card className="border-dashed">
          <CardHeader>
            <div className="flex items-center justify-between gap-2">
              <CardTitle as="h3" className="flex items-center gap-2">
                <Coins className="size-5 text-muted-foreground" aria-hidden="true" /> XRP Payments
              </CardTitle>
              <Badge>Coming Soon</Badge>
            </div>
            <CardDescription>
              Pay for Premium with XRP straight from your wallet. Not available yet.
            </CardDescription>
          </CardHeader>
        </Card>
      </div>
    </section>
  );
}

const testimonials = [
  {
    quote:
      'The whale alerts and the Domino tracker saved me hours every week. I see institutional moves before they hit the headlines.',
    name: 'Sarah K.',
    role: 'Independent XRP analyst',
  },
  {
    quote:
      'Clean charts, honest news and no noise. Premium paid for itself in the first month of following the regulatory updates.',
    name: 'Michael R.',
    role: 'Long-term holder',
  },
];

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials" className="flex flex-col gap-4">
      <h2 id="testimonials" className="text-center text-2xl font-bold">
        What Members Say
      </h2>
      <div className="mx-auto grid w-full max-w-4xl gap-4 md:grid-cols-2">
        {testimonials.map((item) => (
          <Card key={item.name}>
            <CardContent className="flex flex-col gap-3 pt-6">
              <Quote className="size-5 text-premium" aria-hidden="true" />
              <blockquote className="text-sm">“{item.quote}”</blockquote>
              <p className="text-sm">
                <span className="font-semibold">{item.name}</span>
                <span className="text-muted-foreground"> · {item.role}</span>
              </p>
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

/**
 * The plan questions; `price` is Premium's price as the provider holds it ("$9 per month"), when known;
 * `mode` the server's billing mode (test mode says so instead of describing card handling).
 */
export const planFaq = (price: string | null, mode: BillingMode | undefined): FaqItem[] => [
  {
    question: 'Can I cancel anytime?',
    answer:
      'Yes. Cancel whenever you like with no fees: your Premium access continues until the end of the period you have paid for.',
  },
  {
    question: 'How do payments work?',
    answer: `${
      mode === 'test'
        ? 'Payments on this site are in test mode: checkout is simulated and no card is charged.'
        : 'Card payments go through our card payment provider, which handles your card details securely.'
    }${price ? ` Premium is ${price}.` : ''}`,
  },
  {
    question: 'Is there a money-back guarantee?',
    answer:
      'Yes: a 30-day money-back guarantee. If Premium is not for you, contact support within 30 days of subscribing for a full refund.',
  },
];

/** How a Premium member holds Premium: a paid subscription, granted by an administrator, or complimentary. */
export type PremiumKind = 'paying' | 'granted' | 'complimentary';

const contactUs = (
  <Link to="/contact" className="font-medium text-primary underline underline-offset-4">
    contact us
  </Link>
);

/**
 * The "Need Help?" questions for a Premium member's kind: only a paying member is told of
 * 'Manage Subscription'; a granted member of 'View Invoices' only when that button is shown
 * (`pastInvoices`); granted and complimentary members are told whom to ask instead.
 */
export function premiumHelpFaq(kind: PremiumKind, pastInvoices = false): FaqItem[] {
  if (kind === 'paying')
    return [
      {
        question: 'How do I update my card?',
        answer:
          "Choose 'Manage Subscription' to open the billing portal, where you can change your payment method.",
      },
      {
        question: 'What happens if I cancel?',
        answer:
          'Nothing is charged again, and you keep every Premium feature until the end of the current billing period. Then your account moves to the Free plan; no data is lost.',
      },
      {
        question: 'Where are my invoices?',
        answer: "Choose 'View Invoices' to see and download every invoice in the billing portal.",
      },
      {
        question: 'Can I get a refund?',
        answer:
          'Within 30 days of subscribing, contact the Support Center for a full refund (30-day money-back guarantee).',
      },
    ];
  const access = kind === 'complimentary' ? 'Your complimentary access' : 'Your Premium access';
  return [
    {
      question: 'Do I pay anything?',
      answer: (
        <>
          No. {access} was granted by the site’s team: no card is on file and nothing is charged. Questions
          about it: {contactUs}.
        </>
      ),
    },
    {
      question: 'How long does my access last?',
      answer: (
        <>
          Until the site’s team ends it; there is no subscription to cancel. To change or end it, {contactUs}.
        </>
      ),
    },
    {
      question: 'Where are my invoices?',
      answer: pastInvoices ? (
        "Your current access is not billed. Choose 'View Invoices' to see the invoices of your earlier subscription."
      ) : (
        <>
          There are none: {access.charAt(0).toLowerCase() + access.slice(1)} is not billed. Questions:{' '}
          {contactUs}.
        </>
      ),
    },
  ];
}

/** Questions and answers; native disclosure widgets, so keyboards and screen readers work as usual. */
export function Faq({ title, items }: { title: string; items: readonly FaqItem[] }) {
  return (
    <section aria-labelledby="faq-heading" className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h2 id="faq-heading" className="text-center text-2xl font-bold">
        {title}
      </h2>
      <div className="flex flex-col divide-y rounded-lg border bg-card">
        {items.map((item) => (
          <FaqEntry key={item.question} item={item} />
        ))}
      </div>
    </section>
  );
}

/**
 * One question: the sign beside it is "+" while closed and "−" while open (data-state says which), so
 * an open answer shows it can be closed again.
 */
function FaqEntry({ item }: { item: FaqItem }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="p-4"
      data-state={open ? 'open' : 'closed'}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer list-none font-medium marker:hidden focus-visible:outline-2 focus-visible:outline-ring">
        <span className="flex items-center justify-between gap-4">
          {item.question}
          <span
            aria-hidden="true"
            data-testid="faq-sign"
            className="text-lg leading-none text-muted-foreground"
          >
            {open ? '−' : '+'}
          </span>
        </span>
      </summary>
      <p className="mt-2 text-sm text-muted-foreground">{item.answer}</p>
    </details>
  );
}
