import { Star } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { formPages, type PostedForm } from '@shared/forms';
import { REVIEW_COMMENT_MAX, type ReviewInvitation } from '@shared/reviews';
import { postedText, usePostedForm } from '@/app/posted-form';
import { Button } from '@/components/ui/button';
import { describedBy, errorId, Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { ApiError, messageOf } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';
import { REVIEW_POLICY_PATH } from '../api';
import { useSubmitReview } from '../submit-review';
import { starsLabel } from '../format';

type FieldName = 'contacted' | 'hired' | 'rating' | 'comment';
type Errors = Partial<Record<FieldName, string>>;

const RATING_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

function ErrorText({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={errorId(id)} role="alert" className="text-sm font-medium text-destructive">
      {error}
    </p>
  );
}

/** A yes/no question as a real radio group: a fieldset, its legend, two labelled radios large enough for a thumb. */
function YesNo({ id, legend, value, onChange, error }: { id: FieldName; legend: ReactNode; value: boolean | null; onChange: (v: boolean) => void; error?: string }) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId(id) : undefined}>
      <legend className="mb-2 font-medium">{legend}</legend>
      <div className="grid grid-cols-2 gap-3 sm:max-w-xs">
        {([true, false] as const).map((answer) => (
          <label
            key={String(answer)}
            // Highlighted by its checked radio, so it shows without JavaScript too.
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-input px-4 py-2 has-[:checked]:border-primary has-[:checked]:bg-secondary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input type="radio" name={id} value={answer ? 'yes' : 'no'} checked={value === answer} onChange={() => onChange(answer)} className="h-4 w-4 accent-primary" />
            {answer ? 'Yes' : 'No'}
          </label>
        ))}
      </div>
      <ErrorText id={id} error={error} />
    </fieldset>
  );
}

/**
 * Without JavaScript (and while the page hydrates) the stars are five plain radios with their
 * words, which a browser can tick and send on its own.
 */
function PlainRatings({ value, error }: { value: number; error?: string }) {
  return (
    <fieldset className="grid gap-1" aria-describedby={error ? errorId('rating') : undefined}>
      <legend className="mb-2 font-medium">Your rating</legend>
      <div className="grid gap-2 sm:max-w-xs">
        {[5, 4, 3, 2, 1].map((n) => (
          <label key={n} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-input px-4 py-2 has-[:checked]:border-primary has-[:checked]:bg-secondary">
            <input type="radio" name="rating" value={n} defaultChecked={value === n} className="h-4 w-4 accent-primary" />
            {`${starsLabel(n)}: ${RATING_WORDS[n]}`}
          </label>
        ))}
      </div>
      <ErrorText id="rating" error={error} />
    </fieldset>
  );
}

/** 1 to 5 stars as a radio group: arrow keys move between them, each says how many stars it is. */
function StarPicker({ value, onChange, error }: { value: number; onChange: (v: number) => void; error?: string }) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset className="grid gap-1" aria-describedby={error ? errorId('rating') : 'rating-chosen'}>
      <legend className="mb-2 font-medium">Your rating</legend>
      <div className="flex flex-wrap items-center" onMouseLeave={() => setHover(0)}>
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n} className="relative">
            <input type="radio" id={`rating-${n}`} name="rating" value={n} checked={value === n} onChange={() => onChange(n)} className="peer sr-only" />
            <label htmlFor={`rating-${n}`} onMouseEnter={() => setHover(n)} className="block cursor-pointer rounded-md p-1 peer-focus-visible:ring-2 peer-focus-visible:ring-ring">
              <Star className={cn('h-9 w-9 transition-colors', n <= shown ? 'fill-accent text-accent' : 'fill-none text-muted-foreground')} aria-hidden="true" />
              <span className="sr-only">{starsLabel(n)}</span>
            </label>
          </span>
        ))}
      </div>
      <p id="rating-chosen" className="text-sm text-muted-foreground">
        {value ? `${starsLabel(value)}: ${RATING_WORDS[value]}` : 'Choose from 1 star (poor) to 5 stars (excellent).'}
      </p>
      <ErrorText id="rating" error={error} />
    </fieldset>
  );
}

const postedAnswer = (posted: PostedForm | null, name: 'contacted' | 'hired') => {
  const v = postedText(posted, name);
  return v === 'yes' ? true : v === 'no' ? false : null;
};
const postedRating = (posted: PostedForm | null) => (/^[1-5]$/.test(postedText(posted, 'rating')) ? Number(postedText(posted, 'rating')) : 0);

/**
 * The homeowner's answer (docs/decisions/0052-review-answer.md): contacted, hired, a star rating and
 * an optional comment, checked with the same shared schema the server uses (loaded when the form is
 * sent). Without JavaScript it is a plain form posted to its page, which the server answers with the
 * page again (the answers kept, the errors shown) or a redirect to the thanks
 * (docs/decisions/0024-review-form-without-javascript.md).
 */
export function ReviewForm({ token, invitation, onDone }: { token: string; invitation: ReviewInvitation; onDone: (outcome: 'published' | 'answered') => void }) {
  const posted = usePostedForm('review');
  const hydrated = useHydrated();
  const [contacted, setContacted] = useState<boolean | null>(() => postedAnswer(posted, 'contacted'));
  const [hired, setHired] = useState<boolean | null>(() => postedAnswer(posted, 'hired'));
  const [rating, setRating] = useState(() => postedRating(posted));
  const [comment, setComment] = useState(() => postedText(posted, 'comment'));
  const [errors, setErrors] = useState<Errors>(() => posted?.errors ?? {});
  const [problem, setProblem] = useState<string | null>(() => posted?.message ?? null);
  const [checking, setChecking] = useState(false);
  const submit = useSubmitReview(invitation.contractorId);
  const name = invitation.contractorName;
  // An answer given clears what was said about that question.
  const answered =
    <T,>(field: FieldName, set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
    };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setProblem(null);
    setChecking(true);
    const { reviewSubmissionSchema } = await import('@shared/schemas/reviews').finally(() => setChecking(false));
    const body = { token, contacted: contacted ?? undefined, hired: hired ?? undefined, rating: rating || undefined, comment };
    const parsed = reviewSubmissionSchema.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        found[field] ??= issue.message;
      }
      setErrors(found);
      document
        .getElementById(`review-${Object.keys(found)[0] ?? 'contacted'}`)
        ?.querySelector<HTMLElement>('input, textarea')
        ?.focus();
      return;
    }
    setErrors({});
    submit.mutate(parsed.data, {
      onSuccess: () => onDone('published'),
      onError: (err) => {
        if (err instanceof ApiError && err.status === 409) return onDone('answered');
        if (err instanceof ApiError) setErrors(err.fieldErrors as Errors);
        setProblem(messageOf(err, 'Your review could not be sent. Please try again.'));
      },
    });
  };

  const left = REVIEW_COMMENT_MAX - comment.length;
  return (
    <form method="post" action={formPages.review.path(token)} onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-6">
      <div id="review-contacted">
        <YesNo id="contacted" legend={`Did ${name} contact you?`} value={contacted} onChange={answered('contacted', setContacted)} error={errors.contacted} />
      </div>
      <div id="review-hired">
        <YesNo id="hired" legend="Did you hire them?" value={hired} onChange={answered('hired', setHired)} error={errors.hired} />
      </div>
      <div id="review-rating">{hydrated ? <StarPicker value={rating} onChange={answered('rating', setRating)} error={errors.rating} /> : <PlainRatings value={rating} error={errors.rating} />}</div>
      <div id="review-comment">
        <Field
          id="comment"
          label="Your comment (optional)"
          error={errors.comment}
          hint={`${left.toLocaleString('en-US')} characters left. Please leave out phone numbers, email addresses and other personal details.`}
        >
          <Textarea
            id="comment"
            name="comment"
            rows={5}
            maxLength={REVIEW_COMMENT_MAX}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            placeholder={`How was working with ${name}?`}
            {...describedBy('comment', errors.comment)}
          />
        </Field>
      </div>
      <p className="text-sm text-muted-foreground">
        {`Your rating, your comment and whether you hired them are published on ${name}'s profile as a "Verified homeowner" review with your first name (${invitation.firstName || 'not given'}) and the month. Your email address and phone number are never shown. Whether they contacted you goes to us and to ${name} only. Contractors cannot change or remove reviews. `}
        <Link href={REVIEW_POLICY_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
          Our review policy
        </Link>
      </p>
      {problem && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={checking || submit.isPending}>
        {submit.isPending ? 'Sending...' : 'Send my review'}
      </Button>
    </form>
  );
}
