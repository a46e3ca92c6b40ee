import { createContext, useContext, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { PostedForm, PostedFormName } from '@shared/forms';

const PostedFormContext = createContext<PostedForm | null>(null);

/**
 * Hands a form sent without JavaScript and refused by the server (its values, field errors and
 * message) to the page it was sent to: in the server render and in the hydration of that render.
 * Once the visitor moves to another address (another page, or the same page with another query,
 * as the quote page's `?sent=1` after a send with JavaScript) it is forgotten, so coming back
 * shows an empty form.
 */
export function PostedFormProvider({ initial, children }: { initial: PostedForm | null; children: ReactNode }) {
  const [location] = useLocation();
  const search = useSearch();
  const here = `${location}?${search}`;
  const [posted, setPosted] = useState(() => (initial ? { form: initial, at: here } : null));
  const current = posted?.form.path === location && posted.at === here ? posted.form : null;
  if (posted && !current) setPosted(null);
  return <PostedFormContext.Provider value={current}>{children}</PostedFormContext.Provider>;
}

/** The refused post of this form on this page, or null (always null for forms sent with JavaScript). */
export function usePostedForm(form: PostedFormName): PostedForm | null {
  const posted = useContext(PostedFormContext);
  return posted?.form === form ? posted : null;
}

/** A text field's value as it was sent ('' when none). */
export function postedText(posted: PostedForm | null, name: string): string {
  const v = posted?.values[name];
  return typeof v === 'string' ? v : '';
}

/** A list field's values (ticked checkboxes) as they were sent. */
export function postedList(posted: PostedForm | null, name: string): string[] {
  const v = posted?.values[name];
  return Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
}
