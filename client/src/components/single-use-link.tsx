import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { z } from 'zod';
import { Form, SubmitButton, useProgressiveForm, type ProgressiveForm } from '@/components/form';
import type { ProgressiveFormOptions } from '@/components/form/types';
import { Button } from '@/components/ui/button';
import { FormNotice } from '@/components/ui/form-notice';
import { postedText } from '@/lib/posted-form';

/**
 * The pages an emailed single-use link lands on (`?token=`): a contractor's password reset and new
 * sign-in email (docs/decisions/0108-contractor-password-reset.md), a homeowner's withdraw link
 * (docs/decisions/0114-homeowner-privacy.md). Opening the link changes nothing (mail scanners open
 * links); the form does, with the token as a hidden field, with or without JavaScript (without, it
 * posts to the page's own path and lands on `?done=1`). One component for the three
 * (docs/decisions/0121-client-screens-once.md).
 */
export interface SingleUseLink {
  form: ProgressiveForm;
  /** From the address, or from a refused post (which lands on the page's path without the query). */
  token: string;
  /** The form sent without JavaScript landed here (`?done=1`). */
  landedDone: boolean;
  /** The page's path, where the form posts without JavaScript. */
  action: string;
}

/** The link's form (its token the default of the hidden field) and where the page stands. */
export function useSingleUseLink<S extends z.ZodType>(
  search: URLSearchParams,
  page: { path: string },
  options: ProgressiveFormOptions<S> & { defaultValues?: never },
): SingleUseLink {
  const form = useProgressiveForm<S>({ ...options, defaultValues: { token: search.get('token') ?? '' } });
  return {
    form,
    token: search.get('token') ?? postedText(form.posted, 'token'),
    landedDone: search.get('done') === '1',
    action: page.path,
  };
}

interface SingleUseLinkFormProps {
  link: SingleUseLink;
  /** The form's accessible name. */
  label: string;
  /** The link did its work (false while it has not): what the page says then in place of the form, and where to go next. */
  done: false | { title: string; description: string; next?: { href: string; label: string } };
  /** What a page opened without a token says. */
  invalid: string;
  submit: { label: string; pending: string; variant?: 'destructive' };
  /** The page's own fields, between the token and the button. */
  children?: ReactNode;
}

/** The link's card body: what it did, that it is not valid, or its form. */
export function SingleUseLinkForm({ link, label, done, invalid, submit, children }: SingleUseLinkFormProps) {
  const { form, token, action } = link;
  if (done) {
    return (
      <>
        <FormNotice variant="success" title={done.title} description={done.description} />
        {done.next && (
          <Button asChild>
            <Link href={done.next.href}>{done.next.label}</Link>
          </Button>
        )}
      </>
    );
  }
  if (!token) return <FormNotice variant="destructive" title="Link not valid" description={invalid} />;
  return (
    <Form form={form} label={label} action={action}>
      <input type="hidden" {...form.control('token', 'link-token')} />
      {children}
      <SubmitButton variant={submit.variant} className="w-full" pending={form.pending} pendingLabel={submit.pending}>
        {submit.label}
      </SubmitButton>
    </Form>
  );
}
