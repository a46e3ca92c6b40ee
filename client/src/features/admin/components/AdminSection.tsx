import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A titled part of an admin page: a section named by its h2, with a line under the title if it needs one. */
export function AdminSection({
  id,
  title,
  description,
  className,
  headingClassName,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className={cn('text-lg font-semibold', headingClassName)}>
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={id} className={className}>
      {description ? (
        <div>
          {heading}
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
