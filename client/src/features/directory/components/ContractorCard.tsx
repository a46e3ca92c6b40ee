import { MapPin, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import type { PublicContractor } from '@shared/schemas/directory';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { PausedNote, QuoteButton } from '@/features/quote';
import { ContractorLogo } from './ContractorLogo';
import { ServiceBadges } from './ServiceBadges';
import { RatingLine } from './StarRating';

export type ViewMode = 'grid' | 'list';

export function ContractorCard({ contractor: c, view = 'grid' }: { contractor: PublicContractor; view?: ViewMode }) {
  return (
    <Card
      className={cn('flex h-full gap-4 p-5', view === 'list' ? 'flex-col sm:flex-row sm:items-start' : 'flex-col')}
      data-testid="contractor-card"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex min-w-0 items-center gap-3">
            <ContractorLogo logo={c.logo} size={48} lazy />
            <h3 className="text-lg font-semibold leading-tight">
              <Link href={`/contractor/${c.id}`} className="hover:text-primary hover:underline">
                {c.name}
              </Link>
            </h3>
          </div>
          <div className="flex gap-1">
            {c.unclaimed && <Badge variant="outline">Unclaimed</Badge>}
            {c.featured && <Badge variant="warning">Featured</Badge>}
            {c.verified && (
              <Badge variant="success">
                <ShieldCheck className="h-3.5 w-3.5" aria-hidden="true" />
                Verified
              </Badge>
            )}
          </div>
        </div>
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <MapPin className="h-4 w-4" aria-hidden="true" />
          {c.location}
        </p>
        {/* An unclaimed listing has no rating or reply record to show (docs/decisions/0131-listing-claims.md). */}
        {!c.unclaimed && <RatingLine rating={c.rating} reviewCount={c.reviewCount} />}
        {c.replies && !c.unclaimed && <p className="text-sm text-muted-foreground">{c.replies}</p>}
        {c.pausedUntil && <PausedNote pausedUntil={c.pausedUntil} />}
        {c.description && <p className="line-clamp-3 text-sm">{c.description}</p>}
        <ServiceBadges services={c.services} />
        {c.unclaimed && (
          <Link href={`/claim/${c.id}`} className="text-sm font-medium text-primary hover:underline">
            Is this your business? Claim it
          </Link>
        )}
      </div>
      <div className={cn('flex gap-2', view === 'list' ? 'sm:w-44 sm:flex-col' : 'mt-auto')}>
        <QuoteButton contractor={c} className="flex-1" />
        <Button asChild variant="outline" className="flex-1">
          <Link href={`/contractor/${c.id}`} aria-label={`View profile of ${c.name}`}>
            View Profile
          </Link>
        </Button>
      </div>
    </Card>
  );
}
