import { Clock, Eye, EyeOff, Globe, Mail, MapPin, Pencil, Phone, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { hoursLines } from '@shared/business-hours';
import { Link } from 'wouter';
import type { PortalProfile } from '@shared/schemas/portal';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { RatingLine } from '@/features/directory';
import { CardHeading, SectionHeader } from '../components/parts';
import { useOwnListing } from '../listing-api';
import { CredentialsCard } from './CredentialsCard';
import { ListingChangeCard } from './ListingChangeCard';
import { ListingEditCard } from './ListingEditForm';

export function ProfileSection({ profile: p }: { profile: PortalProfile }) {
  const listing = useOwnListing();
  const [editing, setEditing] = useState(false);
  const change = listing.data?.change ?? null;
  // The edit starts from the change waiting for review, so sending again amends it rather than starting over.
  const start = change?.status === 'pending' ? change.proposed : listing.data?.current;
  return (
    <div className="grid gap-6">
      <SectionHeader
        title="Profile Settings"
        description="Your listing as homeowners see it in the directory."
        actions={
          <Button variant="outline" disabled={!start || editing} onClick={() => setEditing(true)} icon={Pencil}>
            Edit Profile
          </Button>
        }
      />
      {editing && start && <ListingEditCard start={start} onDone={() => setEditing(false)} />}
      {change && !editing && <ListingChangeCard change={change} />}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <Card className="grid gap-4 p-5 lg:col-span-2" data-testid="profile-card">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="grid gap-1.5">
              <h2 className="text-xl font-semibold leading-tight">{p.name}</h2>
              <p className="flex items-center gap-1 text-sm text-muted-foreground">
                <MapPin className="h-4 w-4" aria-hidden="true" />
                {p.location}
              </p>
              <RatingLine rating={p.rating} reviewCount={p.reviewCount} />
            </div>
            {p.verified && (
              <Badge variant="success">
                <ShieldCheck className="h-3.5 w-3.5" aria-hidden="true" />
                Verified Licensed
              </Badge>
            )}
          </div>
          <p className="whitespace-pre-line text-sm leading-relaxed">{p.description}</p>
          <div className="grid gap-2">
            <h3 className="text-sm font-semibold">Services</h3>
            <ul className="flex flex-wrap gap-1.5" aria-label="Services">
              {p.services.map((s) => (
                <li key={s}>
                  <Badge variant="secondary">{s}</Badge>
                </li>
              ))}
            </ul>
          </div>
          {listing.data && (
            <dl className="grid gap-4 text-sm sm:grid-cols-2">
              <div className="grid gap-1">
                <dt className="font-semibold">Service areas</dt>
                <dd>{listing.data.current.serviceAreas.map((t) => `${t.label} (${t.county})`).join(', ') || 'None'}</dd>
              </div>
              <div className="grid gap-1">
                <dt className="flex items-center gap-1.5 font-semibold">
                  <Clock className="h-4 w-4 text-primary" aria-hidden="true" />
                  Business hours
                </dt>
                <dd>
                  {hoursLines(listing.data.current.businessHours).map((h) => (
                    <span key={h.days} className="block">{`${h.days} ${h.hours}`}</span>
                  ))}
                </dd>
              </div>
              <div className="grid gap-1">
                <dt className="flex items-center gap-1.5 font-semibold">
                  <Globe className="h-4 w-4 text-primary" aria-hidden="true" />
                  Website
                </dt>
                <dd className="break-all">{listing.data.current.website ?? 'None'}</dd>
              </div>
              <div className="grid gap-1">
                <dt className="font-semibold">Years in business</dt>
                <dd>{listing.data.current.yearsInBusiness ?? 'Not given'}</dd>
              </div>
            </dl>
          )}
        </Card>
        <Card>
          <CardHeading title="Account & listing" />
          <dl className="grid gap-4 px-5 pb-5 text-sm">
            <div className="grid gap-1">
              <dt className="text-muted-foreground">Visibility</dt>
              <dd className="flex items-center gap-2 font-medium">
                {p.isVisible ? (
                  <Eye className="h-4 w-4 text-primary" aria-hidden="true" />
                ) : (
                  <EyeOff className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
                )}
                {p.isVisible ? 'Visible in the directory' : 'Hidden from the directory'}
              </dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground">License Number</dt>
              <dd className="font-medium">{p.licenseNumber || 'Not provided'}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground">Sign-in email</dt>
              <dd className="flex min-w-0 items-center gap-2 font-medium">
                <Mail className="h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
                <span className="truncate">{p.email}</span>
              </dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground">Phone</dt>
              <dd className="flex items-center gap-2 font-medium">
                <Phone className="h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
                {p.phone ?? 'Not provided'}
              </dd>
            </div>
          </dl>
          {p.isVisible && (
            <div className="border-t px-5 py-4">
              <Link
                href={`/contractor/${p.id}`}
                className="text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                View your public listing
              </Link>
            </div>
          )}
        </Card>
        <CredentialsCard />
      </div>
    </div>
  );
}
