import { Pencil } from 'lucide-react';
import type { PricingRuleDto } from '@shared/schemas/pricing-rules';
import { compareRules, DEFAULT_LEAD_PRICE_CENTS } from '@shared/pricing';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { formatMoney, formatPrice } from '@shared/money';
import { RULE_TYPE_LABELS, ruleValueLabel, toEngineRule } from '../labels';
import { MessageRow, TableRegion, Td, Th, Tr } from './table';

/** Rules best first (priority, highest first), as the engine ranks them. */
export function sortRules(rules: readonly PricingRuleDto[]): PricingRuleDto[] {
  const byId = new Map(rules.map((r) => [r.id, r]));
  return rules
    .map(toEngineRule)
    .sort(compareRules)
    .map((r) => byId.get(r.id)!);
}

interface Props {
  rules: PricingRuleDto[] | undefined;
  contractorNames: ReadonlyMap<number, string>;
  /** Shown instead of the rows when the rules could not load. */
  error?: React.ReactNode;
  /** With these, the Active column is a switch and each row has Edit. */
  onToggle?: (rule: PricingRuleDto, isActive: boolean) => void;
  onEdit?: (rule: PricingRuleDto) => void;
  togglingId?: number | null;
}

export function RulesTable({ rules, contractorNames, error, onToggle, onEdit, togglingId }: Props) {
  const editable = Boolean(onToggle && onEdit);
  const cols = editable ? 6 : 5;
  return (
    <TableRegion label="Pricing rules">
      <thead>
        <tr>
          <Th>Type</Th>
          <Th>Value</Th>
          <Th className="text-right">Price</Th>
          <Th className="text-right">Priority</Th>
          <Th>Active</Th>
          {editable && <Th className="text-right">Actions</Th>}
        </tr>
      </thead>
      <tbody>
        {error ? (
          <MessageRow colSpan={cols}>{error}</MessageRow>
        ) : !rules ? (
          <MessageRow colSpan={cols}>Loading pricing rules...</MessageRow>
        ) : rules.length === 0 ? (
          <MessageRow colSpan={cols}>{`No pricing rules yet. Every lead costs the default ${formatMoney(DEFAULT_LEAD_PRICE_CENTS)}.`}</MessageRow>
        ) : (
          sortRules(rules).map((rule) => {
            const label = ruleValueLabel(rule, contractorNames);
            return (
              <Tr key={rule.id} data-testid="pricing-rule" className={rule.isActive ? undefined : 'text-muted-foreground'}>
                <Td label="Type" className="align-middle">
                  <Badge variant="outline">{RULE_TYPE_LABELS[rule.ruleType]}</Badge>
                </Td>
                <Td label="Value" className="whitespace-nowrap align-middle font-medium">
                  {label}
                </Td>
                <Td label="Price" className="text-right align-middle font-semibold tabular-nums">
                  {formatPrice(rule.leadPrice)}
                </Td>
                <Td label="Priority" className="text-right align-middle tabular-nums">
                  {rule.priority}
                </Td>
                <Td label="Active" className="align-middle">
                  {onToggle ? (
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
                    <Button variant="ghost" size="sm" onClick={() => onEdit(rule)} aria-label={`Edit ${RULE_TYPE_LABELS[rule.ruleType]} rule for ${label}`}>
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                      Edit
                    </Button>
                  </Td>
                )}
              </Tr>
            );
          })
        )}
      </tbody>
    </TableRegion>
  );
}
