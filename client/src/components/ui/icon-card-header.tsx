import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardHeader } from './card';
import { IconCircle } from './icon-circle';

/** The sign-in pages' card heading (the admin's and the portal's): the icon in a circle, the page's h1, a line under it. */
export function IconCardHeader({
  icon: Icon,
  title,
  description,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
}) {
  return (
    <CardHeader className="items-center text-center">
      <IconCircle icon={Icon} />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-sm text-muted-foreground">{description}</p>
    </CardHeader>
  );
}
