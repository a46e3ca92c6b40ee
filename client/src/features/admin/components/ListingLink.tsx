import { Link } from 'wouter';
import { cn } from '@/lib/cn';

/** A contractor's name as a link to its public listing, at the head of a moderated item. */
export function ListingLink({ id, name, className }: { id: number; name: string; className?: string }) {
  return (
    <Link
      href={`/contractor/${id}`}
      className={cn('font-semibold text-primary underline-offset-4 hover:underline', className)}
    >
      {name}
    </Link>
  );
}
