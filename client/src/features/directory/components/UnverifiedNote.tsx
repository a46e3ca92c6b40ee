import { ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * 'Licensed & Insured Only' starts ticked and keeps verified contractors only
 * (docs/decisions/0018-licensed-and-insured-filter.md), so a searcher is told when it hides others
 * that match, with a way to see them.
 */
export function UnverifiedNote({
  count,
  total,
  onShow,
  form,
}: {
  count: number;
  total: number;
  onShow: () => void;
  /** The GET form the button submits without JavaScript. */ form?: string;
}) {
  if (!count) return null;
  const who = `${count}${total > 0 ? ' more' : ''} ${count === 1 ? 'contractor matches' : 'contractors match'}`;
  return (
    <div
      className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border bg-muted px-4 py-3 text-sm"
      data-testid="unverified-note"
    >
      <ShieldAlert className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <p>{`${who}, but ${count === 1 ? 'its' : 'their'} license and insurance are not verified yet.`}</p>
      <Button
        variant="outline"
        size="sm"
        type={form ? 'submit' : 'button'}
        form={form}
        onClick={(e) => {
          e.preventDefault();
          onShow();
        }}
      >
        Show unverified contractors
      </Button>
    </div>
  );
}
