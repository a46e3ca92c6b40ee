import { Eye, EyeOff, Mail, MapPin, Pencil, Phone, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import type { PortalProfile } from '@shared/schemas/portal';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { RatingLine } from '@/features/directory';
import { CardHeading, SectionHeader } from '../components/parts';
import { CredentialsCard } from './CredentialsCard';

export function ProfileSection({ profile: p }: { profile: PortalProfile }) {
  return (
    <div className="grid gap-6">
      <SectionHeader
        title="Profile Settings"
        description="Your listing as homeowners see it in the directory."
        actions={
          <Button variant="outline" onClick={() => toast({ title: 'Coming Soon', description: 'Profile editing will be available soon.' })}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit Profile
          </Button>
        }
      />
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
        </Card>
        <Card>
          <CardHeading title="Account & listing" />
          <dl className="grid gap-4 px-5 pb-5 text-sm">
            <div className="grid gap-1">
              <dt className="text-muted-foreground">Visibility</dt>
              <dd className="flex items-center gap-2 font-medium">
                {p.isVisible ? <Eye className="h-4 w-4 text-primary" aria-hidden="true" /> : <EyeOff className="h-4 w-4 text-muted-foreground" aria-hidden="true" />}
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
              <Link href={`/contractor/${p.id}`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
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
