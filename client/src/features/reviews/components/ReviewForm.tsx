import { Star } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { formPages } from '@shared/forms';
import { REVIEW_COMMENT_MAX, reviewAnswersOf, type ReviewInvitation } from '@shared/reviews';
import { postedText } from '@/lib/posted-form';
import { useProgressiveForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { errorId, Field, FieldError } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { RadioRow } from '@/components/ui/radio-row';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';
import { REVIEW_POLICY_PATH } from '../api';
import { useSubmitReview } from '../submit-review';
import { starsLabel } from '../format';

type FieldName = 'contacted' | 'hired' | 'rating' | 'comment';

const RATING_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

/** A yes/no question as a real radio group: a fieldset, its legend, two labelled radios large enough for a thumb. */
function YesNo({
  id,
  legend,
  answer,
  error,
  autoFocus,
}: {
  id: FieldName;
  legend: ReactNode;
  answer: string;
  error?: string;
  autoFocus?: boolean;
}) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId(id) : undefined}>
      <legend className="mb-2 font-medium">{legend}</legend>
      <div className="grid grid-cols-2 gap-3 sm:max-w-xs">
        {(['yes', 'no'] as const).map((value) => (
          <RadioRow
            key={value}
            size="lg"
            className="has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            name={id}
            value={value}
            defaultChecked={answer === value}
            autoFocus={(autoFocus && value === 'yes') || undefined}
            aria-invalid={error ? true : undefined}
          >
            {value === 'yes' ? 'Yes' : 'No'}
          </RadioRow>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/**
 * Without JavaScript (and while the page hydrates) the stars are five plain radios with their
 * words, which a browser can tick and send on its own.
 */
function PlainRatings({ value, error, autoFocus }: { value: number; error?: string; autoFocus?: boolean }) {
  return (
    <fieldset className="grid gap-1" aria-describedby={error ? errorId('rating') : undefined}>
      <legend className="mb-2 font-medium">Your rating</legend>
      <div className="grid gap-2 sm:max-w-xs">
        {[5, 4, 3, 2, 1].map((n) => (
          <RadioRow
            key={n}
            size="lg"
            name="rating"
            value={n}
            defaultChecked={value === n}
            autoFocus={(autoFocus && n === 5) || undefined}
            aria-invalid={error ? true : undefined}
          >
            {`${starsLabel(n)}: ${RATING_WORDS[n]}`}
          </RadioRow>
        ))}
      </div>
      <FieldError id="rating" error={error} />
    </fieldset>
  );
}

/** 1 to 5 stars as a radio group: arrow keys move between them, each says how many stars it is. */
function StarPicker({ initial, error }: { initial: number; error?: string }) {
  // What the stars draw; the radios themselves hold the answer the form sends.
  const [value, setValue] = useState(initial);
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset className="grid gap-1" aria-describedby={error ? errorId('rating') : 'rating-chosen'}>
      <legend className="mb-2 font-medium">Your rating</legend>
      <div className="flex flex-wrap items-center" onMouseLeave={() => setHover(0)}>
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n} className="relative">
            <input
              type="radio"
              id={`rating-${n}`}
              name="rating"
              value={n}
              defaultChecked={initial === n}
              onChange={() => setValue(n)}
              aria-invalid={error ? true : undefined}
              className="peer sr-only"
            />
            <label
              htmlFor={`rating-${n}`}
              onMouseEnter={() => setHover(n)}
              className="block cursor-pointer rounded-md p-1 peer-focus-visible:ring-2 peer-focus-visible:ring-ring"
            >
              <Star
                className={cn(
                  'h-9 w-9 transition-colors',
                  n <= shown ? 'fill-accent text-accent' : 'fill-none text-muted-foreground',
                )}
                aria-hidden="true"
              />
              <span className="sr-only">{starsLabel(n)}</span>
            </label>
          </span>
        ))}
      </div>
      <p id="rating-chosen" className="text-sm text-muted-foreground">
        {value ? `${starsLabel(value)}: ${RATING_WORDS[value]}` : 'Choose from 1 star (poor) to 5 stars (excellent).'}
      </p>
      <FieldError id="rating" error={error} />
    </fieldset>
  );
}

const FAILED = 'Your review could not be sent. Please try again.';

/**
 * The homeowner's answer (docs/decisions/0052-review-answer.md): contacted, hired, a star rating and
 * an optional comment, checked with the same shared schema the server uses, through the one form
 * (docs/decisions/0097-one-progressive-form.md): its radios become the schema's input by
 * `reviewAnswersOf`, as on the server. Without JavaScript it is a plain form posted to its page,
 * which the server answers with the page again (the answers kept, the errors shown) or a redirect
 * to the thanks (docs/decisions/0024-review-form-without-javascript.md).
 */
export function ReviewForm({
  token,
  invitation,
  onDone,
}: {
  token: string;
  invitation: ReviewInvitation;
  onDone: (outcome: 'published' | 'answered') => void;
}) {
  const hydrated = useHydrated();
  const submit = useSubmitReview(invitation.contractorId);
  const form = useProgressiveForm({
    posted: 'review',
    schema: () => import('@shared/schemas/reviews').then((m) => m.reviewSubmissionSchema),
    toInput: (values) => ({ token, ...reviewAnswersOf(values) }),
    fallback: FAILED,
    onValid: async (review) => {
      try {
        await submit.mutateAsync(review);
      } catch (error) {
        // The link was used meanwhile: the page says so instead of the form.
        if (error instanceof ApiError && error.status === 409) return onDone('answered');
        throw error;
      }
      onDone('published');
    },
  });
  const { errors, posted } = form;
  const comment = form.control('comment', 'comment');
  const [length, setLength] = useState(comment.defaultValue.length);
  const rating = /^[1-5]$/.test(postedText(posted, 'rating')) ? Number(postedText(posted, 'rating')) : 0;
  // The browser focuses the first question to fix as a refused post's answer loads.
  const first = Object.keys(posted?.errors ?? {})[0];
  const name = invitation.contractorName;

  const left = REVIEW_COMMENT_MAX - length;
  return (
    <form method="post" action={formPages.review.path(token)} {...form.props} className="grid gap-6">
      <div id="review-contacted">
        <YesNo
          id="contacted"
          legend={`Did ${name} contact you?`}
          answer={postedText(posted, 'contacted')}
          error={errors.contacted}
          autoFocus={first === 'contacted'}
        />
      </div>
      <div id="review-hired">
        <YesNo
          id="hired"
          legend="Did you hire them?"
          answer={postedText(posted, 'hired')}
          error={errors.hired}
          autoFocus={first === 'hired'}
        />
      </div>
      <div id="review-rating">
        {hydrated ? (
          <StarPicker initial={rating} error={errors.rating} />
        ) : (
          <PlainRatings value={rating} error={errors.rating} autoFocus={first === 'rating'} />
        )}
      </div>
      <div id="review-comment">
        <Field
          id="comment"
          label="Your comment (optional)"
          error={errors.comment}
          hint={`${left.toLocaleString('en-US')} characters left. Please leave out phone numbers, email addresses and other personal details.`}
        >
          <Textarea
            rows={5}
            maxLength={REVIEW_COMMENT_MAX}
            onChange={(e) => setLength(e.target.value.length)}
            placeholder={`How was working with ${name}?`}
            {...comment}
          />
        </Field>
      </div>
      <p className="text-sm text-muted-foreground">
        {`Your rating, your comment and whether you hired them are published on ${name}'s profile as a "Verified homeowner" review with your first name (${invitation.firstName || 'not given'}) and the month. Your email address and phone number are never shown. Whether they contacted you goes to us and to ${name} only. Contractors cannot change or remove reviews. `}
        <Link href={REVIEW_POLICY_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
          Our review policy
        </Link>
      </p>
      {form.problem && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive"
        >
          {form.problem}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={form.pending}>
        {submit.isPending ? 'Sending...' : 'Send my review'}
      </Button>
    </form>
  );
}
