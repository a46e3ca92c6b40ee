import { toast } from '@/components/ui/use-toast';
import { messageOf } from '@/lib/api';

/**
 * A failed send said in a toast under `title`, for `onProblem` of the one form where a form shows
 * no notice above its fields (the portal's forms, the admin's dialogs;
 * docs/decisions/0097-one-progressive-form.md). The server's field errors still go onto the fields.
 */
export const toastProblem = (title: string) => (message: string) =>
  toast({ title, description: message, variant: 'destructive' });

/** A failed action's toast: the server's message, or `fallback` when the error carries none. */
export const toastError = (error: unknown, fallback: string) =>
  toast({ title: 'Error', description: messageOf(error, fallback), variant: 'destructive' });
