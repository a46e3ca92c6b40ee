import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { LOGIN_PATH } from '../api';
import { PortalHeader } from './PortalHeader';

interface AccountFrameProps {
  icon: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
  /** Where the header's back link goes and what it says; the sign-in page by default. */
  back?: { href: string; label: ReactNode };
  /** What stands below the card. */
  after?: ReactNode;
}

/** The frame of the sign-in page and of the pages an account email links to (forgot, reset, confirm): one card, server rendered. */
export function AccountFrame({
  icon,
  title,
  description,
  children,
  back = { href: LOGIN_PATH, label: 'Sign in' },
  after,
}: AccountFrameProps) {
  return (
    <>
      <PortalHeader>
        <Button asChild variant="ghost" size="sm">
          <Link href={back.href}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            {back.label}
          </Link>
        </Button>
      </PortalHeader>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center sm:py-12">
        <div className="w-full max-w-md">
          <Card>
            <CardHeader className="items-center text-center">
              <span className="flex h-12 w-12 items-center justify-center rounded-full bg-secondary">{icon}</span>
              <h1 className="text-2xl font-bold">{title}</h1>
              <p className="text-sm text-muted-foreground">{description}</p>
            </CardHeader>
            <CardContent className="grid gap-4">{children}</CardContent>
          </Card>
          {after}
        </div>
      </main>
    </>
  );
}
