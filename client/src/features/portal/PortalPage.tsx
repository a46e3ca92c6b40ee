import { Menu } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { PortalProfile } from '@shared/schemas/portal';
import { Head } from '@/components/head';
import type { RouteInput } from '@/lib/route-input';
import { QueryError, QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { useSignedOutWatcher, useSignOut } from '@/lib/use-sign-out';
import { LOGIN_PATH, logout, PORTAL_PATH, profileKey, useProfile } from './api';
import { HEADING_ID } from './components/parts';
import { PortalHeader } from './components/PortalHeader';
import { PortalNav } from './components/PortalNav';
import { readSection, sectionLabel, type SectionId } from './sections';
import { AccountSection } from './sections/AccountSection';
import { DashboardSection } from './sections/DashboardSection';
import { LeadPreferencesSection } from './sections/LeadPreferencesSection';
import { LeadsSection } from './sections/LeadsSection';
import { PhotosSection } from './sections/PhotosSection';
import { ProfileSection } from './sections/ProfileSection';
import { ReviewsSection } from './sections/ReviewsSection';
import { SubscriptionSection } from './sections/SubscriptionSection';
import { useRegion } from '@/lib/region';

function PortalHead({ section }: { section?: SectionId }) {
  const region = useRegion();
  return (
    <Head
      title={`${section && section !== 'dashboard' ? `${sectionLabel(section)} | ` : ''}Contractor Portal | ${region.siteTitle}`}
      description="Your leads, lead credits, plan and listing."
      path={PORTAL_PATH}
      robots="noindex, nofollow"
    />
  );
}

/** The portal's failure to load, under its header. */
function Failed({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <>
      <PortalHead />
      <PortalHeader />
      <main id="main" className="container mx-auto max-w-xl flex-1 px-4 py-12">
        <h1 className="sr-only">Contractor Portal</h1>
        <QueryError what="your portal" error={error} onRetry={retry} />
      </main>
    </>
  );
}

function Loading() {
  return (
    <>
      <PortalHead />
      <PortalHeader />
      <main id="main" className="container mx-auto flex-1 px-4 py-8">
        <div role="status" aria-label="Loading your portal" className="grid gap-6 lg:grid-cols-[15rem_1fr]">
          <Skeleton className="hidden h-80 lg:block" />
          <div className="grid content-start gap-4">
            <Skeleton className="h-9 w-2/3" />
            <div className="grid gap-4 sm:grid-cols-3">
              <Skeleton className="h-28" />
              <Skeleton className="h-28" />
              <Skeleton className="h-28" />
            </div>
            <Skeleton className="h-64" />
          </div>
        </div>
      </main>
    </>
  );
}

function Portal({ profile, section }: { profile: PortalProfile; section: SectionId }) {
  const [menuOpen, setMenuOpen] = useState(false);
  // Set when a drawer link was chosen: focus then goes to the new panel, not back to 'Menu'.
  const navigatedFromMenu = useRef(false);
  const { signOut, pending } = useSignOut({ logout, loginPath: LOGIN_PATH, area: 'the contractor portal' });
  const first = useRef(true);

  // A new panel: back to the top, and focus on its heading so screen readers follow.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    document.getElementById(HEADING_ID)?.focus({ preventScroll: true });
  }, [section]);

  const menuNavigate = () => {
    navigatedFromMenu.current = true;
    setMenuOpen(false);
  };

  return (
    <>
      <PortalHead section={section} />
      <PortalHeader>
        <span className="hidden max-w-64 truncate text-sm text-muted-foreground lg:inline">{profile.email}</span>
        <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
          <SheetTrigger asChild>
            <Button variant="outline" size="sm" className="px-2.5 lg:hidden" icon={Menu}>
              Menu
            </Button>
          </SheetTrigger>
          <SheetContent
            side="left"
            className="w-72 max-w-[85vw]"
            onCloseAutoFocus={(e) => {
              if (!navigatedFromMenu.current) return;
              navigatedFromMenu.current = false;
              e.preventDefault();
              document.getElementById(HEADING_ID)?.focus({ preventScroll: true });
            }}
          >
            <SheetTitle className="text-lg font-semibold">Contractor Portal</SheetTitle>
            <SheetDescription className="sr-only">Portal navigation</SheetDescription>
            <PortalNav
              profile={profile}
              current={section}
              onNavigate={menuNavigate}
              onSignOut={() => {
                menuNavigate();
                signOut();
              }}
              signingOut={pending}
            />
          </SheetContent>
        </Sheet>
      </PortalHeader>
      <div className="container mx-auto flex-1 px-4 py-6 lg:grid lg:grid-cols-[15rem_1fr] lg:gap-8 lg:py-8">
        <aside className="hidden lg:block">
          <div className="sticky top-24 rounded-lg border bg-card p-4 shadow-sm">
            <PortalNav profile={profile} current={section} onSignOut={signOut} signingOut={pending} />
          </div>
        </aside>
        <main id="main" className="min-w-0" tabIndex={-1}>
          {section === 'dashboard' && <DashboardSection profile={profile} />}
          {section === 'leads' && <LeadsSection profile={profile} />}
          {section === 'lead-preferences' && <LeadPreferencesSection />}
          {section === 'reviews' && <ReviewsSection />}
          {section === 'subscription' && <SubscriptionSection />}
          {section === 'profile' && <ProfileSection profile={profile} />}
          {section === 'photos' && <PhotosSection />}
          {section === 'account' && <AccountSection profile={profile} />}
        </main>
      </div>
    </>
  );
}

/** /contractor: the signed-in contractor's portal; without a contractor session, the login page. */
export default function PortalPage({ search }: RouteInput) {
  const profile = useProfile();
  const [, navigate] = useLocation();
  // Any portal call answering 401: the profile reads as signed out (null).
  useSignedOutWatcher(profileKey, null);
  const signedOut = profile.data === null && !profile.isFetching;

  useEffect(() => {
    if (signedOut) navigate(LOGIN_PATH, { replace: true });
  }, [signedOut, navigate]);

  // Signed out (no profile): the login page is on its way.
  return (
    <QueryView
      query={profile}
      what="your portal"
      loading={<Loading />}
      empty={<Loading />}
      isEmpty={(p) => p === null}
      error={(e, retry) => <Failed error={e} retry={retry} />}
    >
      {(p) => p && <Portal profile={p} section={readSection(search)} />}
    </QueryView>
  );
}
