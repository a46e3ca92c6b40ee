import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { PricingRuleDto } from '@shared/schemas/pricing-rules';
import { Button } from '@/components/ui/button';
import { QueryView } from '@/components/query-view';
import { toast } from '@/components/ui/use-toast';
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
import { toastError } from '@/components/ui/toast-problem';
import { AdminSection } from './components/AdminSection';

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
        onError: (e) => toastError(e, 'Failed to update pricing rule'),
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
      <AdminSection id="rules-heading" title="Pricing rules" className="grid gap-3">
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
      </AdminSection>
      <AdminSection
        id="matrix-heading"
        title="Price matrix"
        description="What a new lead costs for each service and town under the active rules (before any contractor rule)."
        className="mt-10 grid gap-3"
      >
        {working === null ? (
          <p className="text-sm text-muted-foreground">Choose a county to see what its leads cost.</p>
        ) : (
          // The rules' error shows once, in the table above.
          <QueryView query={rules} what="price matrix" placeholder={{ rows: 6, className: 'h-6' }} error={() => null}>
            {(data) => (
              <QueryView query={matrixCounty} what="price matrix" placeholder={{ rows: 6, className: 'h-6' }}>
                {(county) => <PriceMatrix rules={forMatrix(data)} county={county} />}
              </QueryView>
            )}
          </QueryView>
        )}
      </AdminSection>
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
