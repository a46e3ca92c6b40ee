import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { useHttpStatus } from '@/lib/server-context';
import { IconCircle } from '@/components/ui/icon-circle';

/**
 * What an emailed link's page says in place of its form: done, used, expired or not one of ours
 * (a review link, a "Send my request to them" link), under the status the server answers with.
 * `message` is the notice's paragraph; `children` (a way on, or a paragraph of its own) follow it.
 */
export function LinkNotice({
  icon: Icon,
  title,
  message,
  children,
  status,
}: {
  icon: LucideIcon;
  title: string;
  message?: ReactNode;
  children?: ReactNode;
  status?: number;
}) {
  useHttpStatus(status ?? 200);
  return (
    <Card className="flex flex-col items-center gap-3 p-8 text-center">
      <IconCircle icon={Icon} />
      <h1 className="text-2xl font-bold">{title}</h1>
      {message !== undefined && <p className="max-w-md text-muted-foreground">{message}</p>}
      {children}
    </Card>
  );
}
