import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { useHttpStatus } from '@/lib/server-context';

/**
 * What an emailed link's page says in place of its form: done, used, expired or not one of ours
 * (a review link, a "Send my request to them" link), under the status the server answers with.
 */
export function LinkNotice({
  icon,
  title,
  children,
  status,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  status?: number;
}) {
  useHttpStatus(status ?? 200);
  return (
    <Card className="flex flex-col items-center gap-3 p-8 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-secondary">{icon}</span>
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </Card>
  );
}
