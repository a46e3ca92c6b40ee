import { LogOut } from 'lucide-react';
import { Link } from 'wouter';
import { planById } from '@shared/plans';
import type { PortalProfile } from '@shared/schemas/portal';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { SECTIONS, sectionHref, type SectionId } from '../sections';

/** The side navigation: the business, the four panels and Logout (desktop sidebar and phone drawer). */
export function PortalNav({
  profile,
  current,
  onNavigate,
  onSignOut,
  signingOut,
}: {
  profile: PortalProfile;
  current: SectionId;
  onNavigate?: () => void;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  return (
    <nav aria-label="Portal" className="flex h-full flex-col gap-4">
      <div className="grid gap-1.5 border-b pb-4">
        <p className="break-words font-semibold leading-tight">{profile.name}</p>
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <Badge
            variant={profile.subscriptionPlan === 'free' ? 'secondary' : 'default'}
          >{`${planById(profile.subscriptionPlan).name} plan`}</Badge>
          <span>{`${profile.credits.left} of ${profile.credits.total} credits left${profile.bonusCredits > 0 ? ` + ${profile.bonusCredits} bonus` : ''}`}</span>
        </p>
      </div>
      <ul className="grid gap-1">
        {SECTIONS.map(({ id, label, icon: Icon }) => {
          const active = id === current;
          return (
            <li key={id}>
              <Link
                href={sectionHref(id)}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted',
                  active ? 'bg-secondary text-primary' : 'text-foreground',
                )}
              >
                <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
      <Button
        variant="outline"
        className="mt-auto justify-start"
        disabled={signingOut}
        onClick={onSignOut}
        icon={LogOut}
      >
        Logout
      </Button>
    </nav>
  );
}
