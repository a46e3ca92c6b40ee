import { Link } from 'wouter';
import { MapPin } from 'lucide-react';
import { useProgressiveForm } from '@/components/form';
import { EmptyState } from '@/components/query-view';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormNotice } from '@/components/ui/form-notice';
import { toast } from '@/components/ui/use-toast';
import { plural } from '@/lib/format';
import type { CountyLaunchFigures } from '@shared/schemas/region';
import { AdminList } from './components/AdminList';
import { PageHeader } from './components/PageHeader';
import { Td, Tr } from './components/table';
import { useAddCounty, useCounties } from './counties-api';
import { useAdminSession } from './api';
import { CountyLeadDelivery } from './components/CountyLeadDelivery';
import { useRegion } from '@/lib/region';
import { TextField } from '@/components/form/text-field';

/**
 * The address a county's site answers on (docs/decisions/0099-county-by-host.md): `<slug>.` the
 * site's own host, or `<slug>.localhost` when the admin is on this machine; a county given a public
 * URL of its own answers there too.
 */
function hostOf(slug: string): string {
  const { hostname, port } = window.location;
  const local = hostname === 'localhost' || hostname.endsWith('.localhost') || /^[\d.]+$|:/.test(hostname);
  return `${slug}.${local ? 'localhost' : hostname}${port ? `:${port}` : ''}`;
}

function AddCountyForm() {
  const region = useRegion();
  const add = useAddCounty();
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/region').then((m) => m.addCountySchema),
    fallback: 'Failed to add the county. Please try again.',
    onValid: async (data) => {
      const county = await add.mutateAsync(data);
      form.reset();
      toast({
        title: `${county.name} added`,
        description: `${plural(county.towns, 'town')} and ${plural(county.services, 'service')}; its site answers at ${hostOf(county.slug)}.`,
      });
    },
  });
  return (
    <Card className="mb-6">
      <CardContent className="p-5">
        <form
          {...form.props}
          className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_auto] sm:items-end"
          aria-label="Add a county"
        >
          {form.problem && (
            <div className="sm:col-span-2">
              <FormNotice variant="destructive" title="Error" description={form.problem} />
            </div>
          )}
          <TextField
            form={form}
            name="county"
            id="county-name"
            label={`${region.stateName} county`}
            hint="For example Wyoming or Bradford County: its towns come from the bundled place list."
            autoComplete="off"
          />
          <Button type="submit" disabled={form.pending} className="sm:mb-[1.625rem]">
            {form.pending ? 'Adding...' : 'Add County'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/**
 * What a county's imports became, what its site lists and its quote requests this month, and
 * whether it is worth announcing yet (docs/decisions/0133-launch-figures-and-honest-home.md).
 */
function LaunchFigures({ launch }: { launch: CountyLaunchFigures }) {
  const { listed, withPhotos } = launch.toAnnounce;
  const needs = [
    listed > 0 && plural(listed, 'more listed contractor'),
    withPhotos > 0 &&
      (listed > 0 ? `${withPhotos} more with photos` : `${plural(withPhotos, 'more listing')} with photos`),
  ].filter(Boolean);
  const figures: [string, number][] = [
    ['Imported', launch.imported],
    ['Approved', launch.approved],
    ['Claimed', launch.claimed],
    ['Listed', launch.listed],
    ['With photos', launch.withPhotos],
    ['Requests this month', launch.requestsThisMonth],
  ];
  return (
    <div className="grid gap-2" data-testid="county-launch">
      <div>
        {needs.length === 0 ? (
          <Badge variant="success">Ready to announce</Badge>
        ) : (
          <>
            <Badge variant="outline">Not ready to announce</Badge>
            <span className="mt-1 block text-xs text-muted-foreground">{`Needs ${needs.join(' and ')}`}</span>
          </>
        )}
      </div>
      <dl className="grid grid-cols-[auto_auto] justify-start gap-x-3 text-xs">
        {figures.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-right font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export default function CountiesPage() {
  const region = useRegion();
  const query = useCounties();
  // The page is the platform administrator's (docs/decisions/0103-county-administrators.md): a county administrator sees its county's delivery on the Leads page.
  const session = useAdminSession();
  const canChange = session.state === 'authenticated' && session.role === 'platform';
  return (
    <>
      <PageHeader
        title="Counties"
        description={`The counties this deployment serves, each its own site on its own address, with what its imported listings became and whether it is ready to announce. Add a ${region.stateName} county with its towns and every service.`}
        path="/admin/counties"
        actions={
          // The privacy policy and terms every county's site shows (docs/decisions/0114-homeowner-privacy.md): reached from here, as the header has no room for another link.
          <Button asChild variant="outline">
            <Link href="/admin/legal-pages">Legal Pages</Link>
          </Button>
        }
      />
      <AddCountyForm />
      <AdminList
        query={query}
        what="counties"
        label="Counties"
        columns={[
          { name: 'County' },
          { name: 'Site' },
          { name: 'Towns' },
          { name: 'Services' },
          { name: 'Launch' },
          { name: 'Lead delivery' },
        ]}
        items={(d) => d.counties}
        itemKey={(c) => c.slug}
        count={(d) => plural(d.counties.length, 'county', 'counties')}
        empty={
          <EmptyState icon={<MapPin className="h-8 w-8" aria-hidden="true" />}>
            <p>No counties yet.</p>
          </EmptyState>
        }
        row={(c) => (
          <Tr key={c.slug} data-testid="county-row">
            <Td className="font-medium">
              {`${c.name}, ${c.state}`} {c.isDefault && <Badge variant="secondary">Default</Badge>}
            </Td>
            <Td label="Site">
              <span className="block">{c.siteTitle}</span>
              <span className="text-xs text-muted-foreground">{hostOf(c.slug)}</span>
            </Td>
            <Td label="Towns">{c.towns}</Td>
            <Td label="Services">{c.services}</Td>
            <Td label="Launch" className="min-w-[12rem]">
              <LaunchFigures launch={c.launch} />
            </Td>
            <Td label="Lead delivery" className="min-w-[14rem]">
              <CountyLeadDelivery county={c} canChange={canChange} />
            </Td>
          </Tr>
        )}
      />
    </>
  );
}
