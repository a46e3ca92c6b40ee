import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { PricingRuleDto } from '@shared/schemas/pricing-rules';
import { Button } from '@/components/ui/button';
import { QueryLoading, QueryView } from '@/components/query-view';
import { toast } from '@/components/ui/use-toast';
import { messageOf } from '@/lib/api';
import { useRegion } from '@/lib/region';
import {
  useAdminCounty,
  useAdminSession,
  useContractorNames,
  usePricingRules,
  useUpdateRule,
  workingCounty,
} from './api';
import { PageHeader } from './components/PageHeader';
import { PriceMatrix } from './components/PriceMatrix';
import { RuleDialog } from './components/RuleDialog';
import { RulesTable } from './components/RulesTable';

export default function PricingPage() {
  const rules = usePricingRules();
  const { contractors, names } = useContractorNames();
  const toggle = useUpdateRule();
  const [dialog, setDialog] = useState<{ open: boolean; rule: PricingRuleDto | null }>({ open: false, rule: null });
  const session = useAdminSession();
  const role = session.state === 'authenticated' ? session.role : 'county';
  const counties = session.state === 'authenticated' ? session.counties : [];
  const countyNames = new Map(counties.map((c) => [c.id, c.name]));
  // A platform default prices every county; only a platform administrator changes it (docs/decisions/0103-county-administrators.md).
  const canChange = (rule: PricingRuleDto) => role === 'platform' || rule.regionId !== null;
  // The county worked in (the switcher's, the only one, or the site's): the matrix prices its leads with its
  // towns, its rules and the platform defaults, and the rule form lists its towns (docs/decisions/0107-pricing-per-county.md).
  const working = workingCounty(session, useRegion().slug);
  const matrixCounty = useAdminCounty(working);
  const forMatrix = (rules: PricingRuleDto[]) => rules.filter((r) => r.regionId === null || r.regionId === working);

  const onToggle = (rule: PricingRuleDto, isActive: boolean) =>
    toggle.mutate(
      { id: rule.id, isActive },
      {
        onSuccess: () =>
          toast({
            title: 'Pricing Rule Updated',
            description: isActive ? 'The rule is active.' : 'The rule is inactive.',
          }),
        onError: (e) =>
          toast({ title: 'Error', description: messageOf(e, 'Failed to update pricing rule'), variant: 'destructive' }),
      },
    );

  return (
    <>
      <PageHeader
        title="Pricing Management"
        description="Set what a lead costs by service, town or contractor. The highest-priority active rule that matches wins."
        path="/admin/pricing"
        actions={
          <Button onClick={() => setDialog({ open: true, rule: null })} icon={Plus}>
            Add Pricing Rule
          </Button>
        }
      />
      <section aria-labelledby="rules-heading" className="grid gap-3">
        <h2 id="rules-heading" className="text-lg font-semibold">
          Pricing rules
        </h2>
        <RulesTable
          query={rules}
          contractorNames={names}
          // The County column once a rule has a county: a single county's list stays as it was.
          countyNames={rules.data?.some((r) => r.regionId !== null) ? countyNames : undefined}
          canChange={canChange}
          onToggle={onToggle}
          onEdit={(rule) => setDialog({ open: true, rule })}
          togglingId={toggle.isPending ? (toggle.variables?.id ?? null) : null}
        />
      </section>
      <section aria-labelledby="matrix-heading" className="mt-10 grid gap-3">
        <div>
          <h2 id="matrix-heading" className="text-lg font-semibold">
            Price matrix
          </h2>
          <p className="text-sm text-muted-foreground">
            What a new lead costs for each service and town under the active rules (before any contractor rule).
          </p>
        </div>
        {working === null ? (
          <p className="text-sm text-muted-foreground">Choose a county to see what its leads cost.</p>
        ) : (
          // The rules' error shows once, in the table above.
          <QueryView
            query={rules}
            what="price matrix"
            loading={<QueryLoading what="price matrix" rows={6} className="h-6" />}
            error={() => null}
          >
            {(data) => (
              <QueryView
                query={matrixCounty}
                what="price matrix"
                loading={<QueryLoading what="price matrix" rows={6} className="h-6" />}
              >
                {(county) => <PriceMatrix rules={forMatrix(data)} county={county} />}
              </QueryView>
            )}
          </QueryView>
        )}
      </section>
      <RuleDialog
        open={dialog.open}
        rule={dialog.rule}
        contractors={contractors}
        counties={counties}
        platform={role === 'platform'}
        workingCounty={working}
        newRuleCounty={session.state === 'authenticated' ? session.countyId : null}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
    </>
  );
}
