import type { ReactNode } from 'react';
import { HIDE_REASONS, REVIEW_COMMENT_MAX, REVIEW_LINK_DAYS, type HideReason } from '@shared/reviews';
import { Head } from '@/components/head';
import { Card, CardContent } from '@/components/ui/card';
import { REVIEW_POLICY_PATH } from './api';
import { useRegion } from '@/lib/region';

/** What each reason the administrator may hide a review for covers; the same words the admin chooses from. */
const REASONS: Record<HideReason, { title: string; text: string }> = {
  abuse: {
    title: 'Abusive content',
    text: 'Threats, harassment, slurs, obscene or sexually explicit language, or content that discriminates against anyone because of race, religion, sex, disability, age or another trait of who they are.',
  },
  personal_data: {
    title: "Someone's personal information",
    text: "A person's phone number, email or home address, account numbers, or other details that identify a private person, the reviewer's included.",
  },
  unrelated: {
    title: "Not about the contractor's work",
    text: 'Text that is not about the request, the contact or the work, such as advertising, links to other businesses, or a message meant for someone else.',
  },
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** /review-policy: the published rules every review list links to (docs/decisions/0056-review-policy.md, 16 CFR Part 465). */
export default function ReviewPolicyPage() {
  const region = useRegion();
  return (
    <div className="container mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <Head
        title={`Review Policy | ${region.siteTitle}`}
        description="Who can review a contractor, how reviews are collected, and the only reasons a review is hidden."
        path={REVIEW_POLICY_PATH}
      />
      <h1 className="text-3xl font-bold">Review Policy</h1>
      <p className="mt-3 text-lg text-muted-foreground">
        {`The ratings and reviews on ${region.siteTitle} come only from homeowners who asked a contractor for a quote through this site. We show every review except those this policy names, and we apply it the same way to good and bad reviews.`}
      </p>
      <Card className="mt-8">
        <CardContent className="grid gap-8 pt-6">
          <Section title="Who can review">
            <ul className="grid list-disc gap-2 pl-5">
              <li>
                Only the homeowner who sent a quote request, once the request has been delivered to the contractor and
                paid for or taken from a plan credit by the contractor.
              </li>
              <li>{`Each homeowner gets one email asking "Did the contractor contact you? Did you hire them?" with a personal link. The link works once, for ${REVIEW_LINK_DAYS} days, so there is one review per request.`}</li>
              <li>
                The contractor, its staff and its family cannot review it: we do not send the link when the
                homeowner&apos;s email is the contractor&apos;s own address or is at the contractor&apos;s website
                domain, and we refuse such an answer.
              </li>
              <li>
                Every review is labelled &quot;Verified homeowner&quot; and shown with the homeowner&apos;s first name
                and the month. Email addresses and phone numbers are never shown.
              </li>
            </ul>
          </Section>
          <Section title="What we never do">
            <ul className="grid list-disc gap-2 pl-5">
              <li>
                We never write reviews, and we never buy them or offer anything (money, discounts, prizes) for one.
              </li>
              <li>
                We ask every homeowner in the same way, whatever they might say. We do not choose whom to ask by how
                happy they seem.
              </li>
              <li>
                Contractors cannot edit, remove or hide reviews, and cannot pay to do so. A contractor may post one
                public reply to each review, shown under it.
              </li>
            </ul>
          </Section>
          <Section title="The only reasons a review is hidden">
            <p>
              An administrator hides a review only when it contains one of the following. The rest of such a review is
              not rewritten; the whole review is hidden.
            </p>
            <ul className="grid gap-3">
              {HIDE_REASONS.map((r) => (
                <li key={r}>
                  <p className="font-medium">{REASONS[r].title}</p>
                  <p className="text-muted-foreground">{REASONS[r].text}</p>
                </li>
              ))}
            </ul>
            <p>
              A hidden review no longer counts toward the contractor&apos;s rating, and the contractor&apos;s profile
              says how many of its reviews are hidden. The contractor is shown which reason applied. Hiding can be
              undone when a review was hidden by mistake.
            </p>
          </Section>
          <Section title="How the rating is worked out">
            <p>{`A contractor's rating is the average of the stars of its published reviews, to one decimal, and its review count is the number of those reviews. Both change the moment a review is published or hidden, everywhere on the site. A comment may be up to ${REVIEW_COMMENT_MAX.toLocaleString('en-US')} characters.`}</p>
          </Section>
          <Section title="Questions and reports">
            <p>
              {'If you think a review breaks this policy, write to '}
              <a
                href={`mailto:${region.supportEmail}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {region.supportEmail}
              </a>
              {
                ' with the contractor and the review. We answer every message, and apply this policy the same way whoever asks.'
              }
            </p>
          </Section>
        </CardContent>
      </Card>
    </div>
  );
}
