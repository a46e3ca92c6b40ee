import { Pencil } from 'lucide-react';
import type { PricingRuleDto } from '@shared/schemas/pricing-rules';
import { compareRules, DEFAULT_LEAD_PRICE_CENTS } from '@shared/pricing';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import type { QueryLike } from '@/components/query-view';
import { formatMoney, formatPrice } from '@shared/money';
import { RULE_TYPE_LABELS, ruleValueLabel, toEngineRule } from '../labels';
import { AdminList } from './AdminList';
import { Td, Tr } from './table';
import { useRegion } from '@/lib/region';

/** Rules best first (priority, highest first), as the engine ranks them. */
export function sortRules(rules: readonly PricingRuleDto[]): PricingRuleDto[] {
  const byId = new Map(rules.map((r) => [r.id, r]));
  return rules
    .map(toEngineRule)
    .sort(compareRules)
    .map((r) => byId.get(r.id)!);
}

interface Props {
  query: QueryLike<PricingRuleDto[]>;
  contractorNames: ReadonlyMap<number, string>;
  /** With these, the Active column is a switch and each row has Edit. */
  onToggle?: (rule: PricingRuleDto, isActive: boolean) => void;
  onEdit?: (rule: PricingRuleDto) => void;
  togglingId?: number | null;
  /** County names by id: with them, a County column (a rule without one is the platform default). */
  countyNames?: ReadonlyMap<number, string>;
  /** Whether this administrator may change the rule (a county administrator may not change a platform default). */
  canChange?: (rule: PricingRuleDto) => boolean;
}

/** Where a rule applies (docs/decisions/0103-county-administrators.md). */
export const countyOfRule = (rule: PricingRuleDto, names: ReadonlyMap<number, string>) =>
  rule.regionId === null ? 'Platform default' : (names.get(rule.regionId) ?? `County #${rule.regionId}`);

const COLUMNS = [
  { name: 'Type' },
  { name: 'Value' },
  { name: 'Price', className: 'text-right' },
  { name: 'Priority', className: 'text-right' },
  { name: 'Active' },
];

export function RulesTable({
  query,
  contractorNames,
  onToggle,
  onEdit,
  togglingId,
  countyNames,
  canChange = () => true,
}: Props) {
  const region = useRegion();
  const editable = Boolean(onToggle && onEdit);
  const columns = countyNames ? [...COLUMNS.slice(0, 2), { name: 'County' }, ...COLUMNS.slice(2)] : COLUMNS;
  return (
    <AdminList
      query={query}
      what="pricing rules"
      label="Pricing rules"
      columns={editable ? [...columns, { name: 'Actions', className: 'text-right' }] : columns}
      items={sortRules}
      itemKey={(rule) => rule.id}
      empty={`No pricing rules yet. Every lead costs the default ${formatMoney(DEFAULT_LEAD_PRICE_CENTS)}.`}
      row={(rule) => {
        const label = ruleValueLabel(rule, contractorNames, region);
        return (
          <Tr data-testid="pricing-rule" className={rule.isActive ? undefined : 'text-muted-foreground'}>
            <Td label="Type" className="align-middle">
              <Badge variant="outline">{RULE_TYPE_LABELS[rule.ruleType]}</Badge>
            </Td>
            <Td label="Value" className="whitespace-nowrap align-middle font-medium">
              {label}
            </Td>
            {countyNames && (
              <Td label="County" className="align-middle">
                {countyOfRule(rule, countyNames)}
              </Td>
            )}
            <Td label="Price" className="text-right align-middle font-semibold tabular-nums">
              {formatPrice(rule.leadPrice)}
            </Td>
            <Td label="Priority" className="text-right align-middle tabular-nums">
              {rule.priority}
            </Td>
            <Td label="Active" className="align-middle">
              {onToggle && canChange(rule) ? (
                <Switch
                  checked={rule.isActive}
                  disabled={togglingId === rule.id}
                  onCheckedChange={(on) => onToggle(rule, on)}
                  aria-label={`Active: ${RULE_TYPE_LABELS[rule.ruleType]} rule for ${label}, ${formatPrice(rule.leadPrice)}`}
                />
              ) : (
                <Badge variant={rule.isActive ? 'success' : 'outline'}>{rule.isActive ? 'Active' : 'Inactive'}</Badge>
              )}
            </Td>
            {onEdit && (
              <Td label="Actions" className="py-2 text-right align-middle">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={!canChange(rule)}
                  onClick={() => onEdit(rule)}
                  aria-label={`Edit ${RULE_TYPE_LABELS[rule.ruleType]} rule for ${label}`}
                  icon={Pencil}
                >
                  Edit
                </Button>
              </Td>
            )}
          </Tr>
        );
      }}
    />
  );
}
