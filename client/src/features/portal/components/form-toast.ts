import { toast } from '@/components/ui/use-toast';

/**
 * The portal's forms say a failed send in a toast under their own title, not as a notice above
 * the fields: `onProblem` of the one form (docs/decisions/0097-one-progressive-form.md). The
 * server's field errors still go onto the fields.
 */
export const toastProblem = (title: string) => (message: string) =>
  toast({ title, description: message, variant: 'destructive' });
