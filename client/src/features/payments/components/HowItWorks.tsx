import { ClipboardList, Inbox, Trophy } from 'lucide-react';
import { withHours } from './text';

const STEPS = [
  {
    icon: ClipboardList,
    title: 'Choose a plan',
    text: 'Start on Free with 2 leads a month, or pick Pro or Premium for more leads, and Premium for a featured spot on the homepage.',
  },
  {
    icon: Inbox,
    title: 'Leads arrive with customer details',
    text: "When a homeowner asks for a quote, the lead comes to your portal and your inbox with the customer's name, email and phone. Past your monthly credits, you can buy a lead on its own.",
  },
  {
    icon: Trophy,
    title: 'Win the job',
    text: 'Contact the customer within 24-48 hours, give your quote, and track each lead from contacted to won in your portal.',
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works-heading" className="rounded-xl bg-secondary/60 px-4 py-10 md:px-10">
      <h2 id="how-it-works-heading" className="text-center text-2xl font-bold">
        How It Works
      </h2>
      <ol className="mt-8 grid gap-8 md:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, text }, i) => (
          <li key={title} className="flex flex-col items-center text-center">
            <span className="relative flex h-14 w-14 items-center justify-center rounded-full bg-background shadow-sm">
              <Icon className="h-6 w-6 text-primary" aria-hidden="true" />
              <span
                className="absolute -right-1 -top-1 flex h-6 w-6 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground"
                aria-hidden="true"
              >
                {i + 1}
              </span>
            </span>
            <h3 className="mt-4 text-lg font-semibold">
              <span className="sr-only">{`Step ${i + 1}: `}</span>
              {title}
            </h3>
            <p className="mt-2 max-w-xs text-sm text-muted-foreground">{withHours(text)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
