import { ArrowLeft, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Head } from '@/components/head';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { IconCardHeader } from '@/components/ui/icon-card-header';
import { useRegion } from '@/lib/region';
import { LOGIN_PATH } from '../api';
import { PortalHeader } from './PortalHeader';

interface AccountFrameProps {
  /** Lucide's, drawn in the circle above the heading. */
  icon: LucideIcon;
  /** The card's heading, and the page's title before the site's. */
  title: string;
  description: string;
  /** The page's own path and what search results and link previews say of it; never indexed. */
  page: { path: string; summary: string };
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
  page,
  children,
  back = { href: LOGIN_PATH, label: 'Sign in' },
  after,
}: AccountFrameProps) {
  const region = useRegion();
  return (
    <>
      <Head
        title={`${title} | ${region.siteTitle}`}
        description={page.summary}
        path={page.path}
        robots="noindex, nofollow"
      />
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
            <IconCardHeader icon={icon} title={title} description={description} />
            <CardContent className="grid gap-4">{children}</CardContent>
          </Card>
          {after}
        </div>
      </main>
    </>
  );
}
