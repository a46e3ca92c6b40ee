import { KeyRound, LogOut, Menu, ShieldCheck } from 'lucide-react';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { signInPages } from '@shared/sign-in-next';
import type { AdminCheck } from '@shared/schemas/admin';
import { Head } from '@/components/head';
import { PageFallback } from '@/components/page-fallback';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { useSignedOutWatcher, useSignOut } from '@/lib/use-sign-out';
import { useChooseCounty } from './admin-users-api';
import { logout, sessionKey, useAdminSession } from './api';
import { TWO_FACTOR_PATH } from './two-factor-api';
import { useRegion } from '@/lib/region';
import { SkipLink } from '@/components/skip-link';
import { TopBar } from '@/components/top-bar';

export const LOGIN_PATH = signInPages.adminLogin.path;
/** The sign-in's pages (the password and, posted without JavaScript, the code step) stand outside the session guard. */
const SIGN_IN_PATHS: readonly string[] = [LOGIN_PATH, signInPages.adminCode.path];

const NAV = [
  { href: '/admin', label: 'Dashboard', isCurrent: (p: string) => p === '/admin' || p === '/admin/dashboard' },
  // Listing changes and photo review are the contractors' area (docs/decisions/0111-listing-edits.md, docs/decisions/0112-photos-on-the-public-site.md): links of their own would push the header past 1280 pixels.
  {
    href: '/admin/contractors',
    label: 'Contractors',
    isCurrent: (p: string) =>
      p === '/admin/contractors' ||
      p.startsWith('/admin/contractors/') ||
      p === '/admin/listing-changes' ||
      p === '/admin/photos',
  },
  // A county's contractor list from a file (docs/decisions/0130-contractor-import.md); the header's screens wrap onto a second line.
  { href: '/admin/imports', label: 'Import', isCurrent: (p: string) => p === '/admin/imports' },
  // Claims of the unclaimed listings by their owners (docs/decisions/0131-listing-claims.md); 'Claims' below are the lead claims.
  { href: '/admin/listing-claims', label: 'Listing claims', isCurrent: (p: string) => p === '/admin/listing-claims' },
  { href: '/admin/leads', label: 'Leads', isCurrent: (p: string) => p === '/admin/leads' },
  { href: '/admin/claims', label: 'Claims', isCurrent: (p: string) => p === '/admin/claims' },
  { href: '/admin/reviews', label: 'Reviews', isCurrent: (p: string) => p === '/admin/reviews' },
  { href: '/admin/pricing', label: 'Pricing', isCurrent: (p: string) => p === '/admin/pricing' },
  { href: '/admin/outbox', label: 'Outbox', isCurrent: (p: string) => p === '/admin/outbox' },
  { href: '/admin/counties', label: 'Counties', isCurrent: (p: string) => p === '/admin/counties', platform: true },
  { href: '/admin/users', label: 'Administrators', isCurrent: (p: string) => p === '/admin/users', platform: true },
  // The signed-in account's own page: in the menu sheet on a phone, beside Logout on a wider screen (the header's links fill it).
  { href: TWO_FACTOR_PATH, label: 'Two-factor', isCurrent: (p: string) => p === TWO_FACTOR_PATH, account: true },
];

type Role = 'platform' | 'county';

function NavLinks({
  path,
  role,
  onNavigate,
  className,
  linkClassName,
  withAccount = true,
}: {
  path: string;
  role: Role;
  onNavigate?: () => void;
  className?: string;
  linkClassName?: string;
  withAccount?: boolean;
}) {
  return (
    <ul className={className}>
      {NAV.filter((link) => (role === 'platform' || !link.platform) && (withAccount || !link.account)).map((link) => {
        const current = link.isCurrent(path);
        return (
          <li key={link.href}>
            <Link
              href={link.href}
              onClick={onNavigate}
              aria-current={current ? 'page' : undefined}
              className={cn(
                'block rounded-md px-3 py-2 text-sm font-medium hover:bg-muted',
                current ? 'bg-secondary text-primary' : 'text-foreground',
                linkClassName,
              )}
            >
              {link.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The county switcher (docs/decisions/0103-county-administrators.md): every list shows the chosen
 * county, or all of the administrator's. Shown to a platform administrator and to a county
 * administrator with more than one county.
 */
function CountySwitcher({
  role,
  counties,
  countyId,
  id,
}: {
  role: Role;
  counties: readonly { id: number; name: string }[];
  countyId: number | null;
  id: string;
}) {
  const choose = useChooseCounty();
  if (role !== 'platform' && counties.length < 2) return null;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        County
      </label>
      <NativeSelect
        id={id}
        className="w-44"
        value={countyId === null ? '' : String(countyId)}
        disabled={choose.isPending}
        onChange={(e) =>
          choose.mutate(e.target.value ? Number(e.target.value) : null, {
            onError: (err) =>
              toast({
                title: 'County not changed',
                description: err instanceof Error ? err.message : 'Please try again.',
                variant: 'destructive',
              }),
          })
        }
      >
        <option value="">{role === 'platform' ? 'All counties' : 'All my counties'}</option>
        {counties.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function MobileNav({
  path,
  role,
  onSignOut,
  signingOut,
  children,
}: {
  path: string;
  role: Role;
  onSignOut: () => void;
  signingOut: boolean;
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open admin menu">
          <Menu className="h-6 w-6" aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent side="right" className="w-72">
        <SheetTitle className="text-lg font-semibold">Admin</SheetTitle>
        <SheetDescription className="sr-only">Admin navigation</SheetDescription>
        <nav aria-label="Admin">
          <NavLinks
            path={path}
            role={role}
            onNavigate={() => setOpen(false)}
            className="flex flex-col gap-1"
            linkClassName="text-base"
          />
        </nav>
        {children}
        <Button
          variant="outline"
          className="mt-auto"
          disabled={signingOut}
          onClick={() => {
            setOpen(false);
            onSignOut();
          }}
          icon={LogOut}
        >
          Logout
        </Button>
      </SheetContent>
    </Sheet>
  );
}

/** What the session reads as once any admin call answers 401. */
const SIGNED_OUT: AdminCheck = { authenticated: false };

function SessionCheck({ children, role = 'status' }: { children: ReactNode; role?: 'status' | 'alert' }) {
  const region = useRegion();
  return (
    <div className="flex min-h-screen items-center justify-center px-4">
      <Head
        title={`Admin | ${region.siteTitle}`}
        description="Administration area."
        path="/admin"
        robots="noindex, nofollow"
      />
      <div role={role} className="flex flex-col items-center gap-3 text-center text-sm text-muted-foreground">
        {children}
      </div>
    </div>
  );
}

function GuardedLayout({ children }: { children: ReactNode }) {
  const region = useRegion();
  const session = useAdminSession();
  const [path, navigate] = useLocation();
  const { signOut, pending } = useSignOut({ logout, loginPath: LOGIN_PATH, area: 'the admin area' });
  useSignedOutWatcher(sessionKey, SIGNED_OUT);

  const mustEnrol = session.state === 'authenticated' && session.mustEnrol;
  useEffect(() => {
    if (session.state === 'anonymous') navigate(LOGIN_PATH, { replace: true });
    else if (mustEnrol && path !== TWO_FACTOR_PATH) navigate(TWO_FACTOR_PATH, { replace: true });
  }, [session.state, mustEnrol, path, navigate]);

  if (session.state === 'error') {
    return (
      <SessionCheck role="alert">
        <p className="font-medium text-foreground">Could not check your admin session.</p>
        <Button variant="outline" size="sm" onClick={session.refetch}>
          Retry
        </Button>
      </SessionCheck>
    );
  }
  if (session.state !== 'authenticated' || (mustEnrol && path !== TWO_FACTOR_PATH)) {
    return (
      <SessionCheck>
        <span
          className="h-6 w-6 animate-spin rounded-full border-2 border-primary border-t-transparent"
          aria-hidden="true"
        />
        Checking your session...
      </SessionCheck>
    );
  }

  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <SkipLink />
      <TopBar>
        {/* Two rows from a tablet up: the brand and the account above, the screens below (wrapping rather
            than pushing Logout off a 1024-pixel screen); one row with the menu sheet on a phone. */}
        <div className="container mx-auto flex h-16 items-center justify-between gap-4 px-4">
          <Link href="/admin" className="flex min-w-0 items-center gap-2">
            <ShieldCheck className="h-7 w-7 shrink-0 text-primary" aria-hidden="true" />
            <span className="min-w-0 leading-tight">
              <span className="block text-lg font-bold">Admin</span>
              <span className="block truncate text-xs text-muted-foreground">{region.siteTitle}</span>
            </span>
          </Link>
          <div className="hidden shrink-0 items-center gap-3 md:flex">
            <CountySwitcher
              id="admin-county"
              role={session.role}
              counties={session.counties}
              countyId={session.countyId}
            />
            {/* The account's own page: its username on a wide screen, a key icon on a narrower one. */}
            {session.username && (
              <Link
                href={TWO_FACTOR_PATH}
                title="Two-factor sign-in"
                aria-current={path === TWO_FACTOR_PATH ? 'page' : undefined}
                className="hidden text-sm text-muted-foreground hover:text-foreground hover:underline lg:inline"
              >
                {session.username}
                <span className="sr-only"> (two-factor sign-in)</span>
              </Link>
            )}
            <Button asChild variant="ghost" size="icon" title="Two-factor sign-in" className="lg:hidden">
              <Link href={TWO_FACTOR_PATH} aria-current={path === TWO_FACTOR_PATH ? 'page' : undefined}>
                <KeyRound className="h-4 w-4" aria-hidden="true" />
                <span className="sr-only">Two-factor</span>
              </Link>
            </Button>
            <Button variant="outline" size="sm" disabled={pending} onClick={signOut} icon={LogOut}>
              Logout
            </Button>
          </div>
          <MobileNav path={path} role={session.role} onSignOut={signOut} signingOut={pending}>
            <CountySwitcher
              id="admin-county-mobile"
              role={session.role}
              counties={session.counties}
              countyId={session.countyId}
            />
          </MobileNav>
        </div>
        <nav aria-label="Admin" className="container mx-auto hidden px-4 pb-2 md:block">
          <NavLinks path={path} role={session.role} withAccount={false} className="flex flex-wrap items-center gap-1" />
        </nav>
      </TopBar>
      <main id="main" className="container mx-auto flex-1 px-4 py-6 md:py-8">
        <Suspense fallback={<PageFallback />}>{children}</Suspense>
      </main>
    </div>
  );
}

/** The admin area's frame: the sign-in pages stand alone; every other page is behind the session guard. */
export default function AdminLayout({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  if (SIGN_IN_PATHS.includes(path)) {
    return (
      <main id="main" className="flex min-h-screen items-center justify-center bg-muted/40 px-4 py-10">
        {children}
      </main>
    );
  }
  return <GuardedLayout>{children}</GuardedLayout>;
}
