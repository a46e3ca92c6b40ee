import { useState, type FormEvent } from 'react';
import { centsToDecimal } from '@shared/money';
import { RULE_TYPES, type RuleType } from '@shared/pricing';
import type { PricingRuleDto } from '@shared/schemas/pricing-rules';
import { useProgressiveForm, type FormValuesRaw } from '@/components/form';
import { Choice } from '@/components/form/radix-choice';
import { TitledDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { useAdminCounty, useCreateRule, useUpdateRule } from '../api';
import { RULE_TYPE_LABELS } from '../labels';
import { useRegion } from '@/lib/region';
import { toastProblem } from '@/components/ui/toast-problem';
import { DialogFormActions } from '@/components/ui/dialog-form-actions';
import { TextField } from '@/components/form/text-field';

const TYPE_OPTIONS = RULE_TYPES.map((t) => ({ value: t, label: RULE_TYPE_LABELS[t] }));

const VALUE_LABELS: Record<Exclude<RuleType, 'global'>, { label: string; placeholder: string }> = {
  service: { label: 'Service', placeholder: 'Select a service' },
  location: { label: 'Location', placeholder: 'Select a town' },
  contractor: { label: 'Contractor', placeholder: 'Select a contractor' },
};

const TYPE_HINTS: Record<RuleType, string> = {
  global: 'Applies to every lead.',
  service: 'Applies to leads for one service.',
  location: 'Applies to leads from one town.',
  contractor: 'Applies to leads delivered to one contractor.',
};

/** Priority: a whole number, at least 0; anything that is not a number counts as 0 (spec). */
function readPriority(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

const text = (v: string | string[] | undefined) => (typeof v === 'string' ? v : '');

/** The county control's value for a platform default (a rule without a county). */
export const PLATFORM_DEFAULT = 'default';

/** The county chosen: a county's id, null for a platform default, left out when the control is absent or empty (the administrator's own county). */
function countyInput(value: string | string[] | undefined): { regionId?: number | null } {
  const v = text(value);
  if (!v) return {};
  return { regionId: v === PLATFORM_DEFAULT ? null : Number(v) };
}

/** What the controls hold as pricingRuleSchema's input: a global rule has no value, a location rule a town id, the switch is a box ticked 'on'. */
export function ruleInputOf(values: FormValuesRaw) {
  const ruleType = text(values.ruleType);
  return {
    ...countyInput(values.regionId),
    ruleType,
    ruleValue: ruleType === 'global' || ruleType === 'location' ? null : text(values.ruleValue) || null,
    ...(ruleType === 'location' ? { townId: Number(text(values.townId)) || null } : {}),
    leadPrice: text(values.leadPrice),
    priority: readPriority(text(values.priority)),
    isActive: values.isActive === 'on',
  };
}

/**
 * The spec's form defaults: a global rule, priority 0 (and active), for the county chosen in the
 * switcher if any; an edited rule starts from what it holds.
 */
const savedValues = (rule: PricingRuleDto | null, newRuleCounty: number | null): Record<string, string> =>
  rule
    ? {
        ruleType: rule.ruleType,
        ruleValue: rule.ruleType === 'location' ? '' : (rule.ruleValue ?? ''),
        townId: rule.town ? String(rule.town.id) : '',
        leadPrice: rule.leadPrice,
        priority: String(rule.priority),
        regionId: rule.regionId === null ? PLATFORM_DEFAULT : String(rule.regionId),
      }
    : { ruleType: 'global', priority: '0', ...(newRuleCounty === null ? {} : { regionId: String(newRuleCounty) }) };

interface CountyChoices {
  /** The counties the administrator may write rules for. */
  counties: readonly { id: number; name: string }[];
  /** A platform administrator may write platform defaults. */
  platform: boolean;
  /** The county worked in (api.ts workingCounty): whose towns a location rule is offered when the form names no county. */
  workingCounty: number | null;
  /** The county a new rule starts with (the switcher's); null: none named (the administrator's own, or a platform default). */
  newRuleCounty: number | null;
}

/**
 * Whose towns a location rule chooses from (docs/decisions/0107-pricing-per-county.md): the county
 * the form names, else the one worked in; none for a platform default, which names no town.
 */
function townsCounty(choice: string, working: number | null): number | null {
  if (choice === PLATFORM_DEFAULT) return null;
  return choice ? Number(choice) : working;
}

function RuleFormBody({
  rule,
  contractors,
  counties,
  platform,
  workingCounty,
  newRuleCounty,
  onDone,
}: { rule: PricingRuleDto | null; contractors: { id: number; name: string }[]; onDone: () => void } & CountyChoices) {
  const region = useRegion();
  const create = useCreateRule();
  const update = useUpdateRule();
  const defaults = savedValues(rule, newRuleCounty);
  // The type decides which list follows, the county which towns; the form itself reads every control when it is sent.
  const [ruleType, setRuleType] = useState<RuleType>(rule?.ruleType ?? 'global');
  const [countyChoice, setCountyChoice] = useState(defaults.regionId ?? '');
  const townCounty = townsCounty(countyChoice, workingCounty);
  // Asked whatever the type: the page has the county worked in already (its matrix), so a location rule's list is there at once.
  const county = useAdminCounty(townCounty);
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/pricing-rules').then((m) => m.pricingRuleSchema),
    toInput: ruleInputOf,
    defaultValues: defaults,
    fallback: rule ? 'Failed to update pricing rule' : 'Failed to create pricing rule',
    onInvalid: (errors) =>
      errors.leadPrice && toast({ title: 'Invalid Price', description: errors.leadPrice, variant: 'destructive' }),
    onProblem: toastProblem('Error'),
    onValid: async (values) => {
      const body = { ...values, leadPrice: centsToDecimal(values.leadPrice) };
      if (rule) await update.mutateAsync({ id: rule.id, ...body });
      else await create.mutateAsync(body);
      toast({
        title: rule ? 'Pricing Rule Updated' : 'Pricing Rule Created',
        description: 'The new price applies to leads from now on.',
      });
      onDone();
    },
  });
  const { errors, control, pending } = form;

  // A contractor rule may name someone no longer approved; keep it choosable so editing does not lose it.
  const kept =
    rule?.ruleType === 'contractor' && rule.ruleValue && !contractors.some((c) => String(c.id) === rule.ruleValue)
      ? rule.ruleValue
      : null;
  const contractorOptions = kept ? [...contractors, { id: Number(kept), name: `Contractor #${kept}` }] : contractors;
  const valueOptions: { value: string; label: string }[] =
    ruleType === 'service'
      ? region.services.map((s) => ({ value: s.slug, label: s.name }))
      : ruleType === 'location'
        ? (county.data?.towns ?? []).map((t) => ({ value: String(t.id), label: t.label }))
        : ruleType === 'contractor'
          ? contractorOptions.map((c) => ({ value: String(c.id), label: c.name }))
          : [];

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    form.props.onChange(event);
    const target = event.target as HTMLSelectElement;
    if (target.name === 'ruleType') setRuleType(target.value as RuleType);
    if (target.name === 'regionId') setCountyChoice(target.value);
  };
  // A location rule prices its town's county's leads: the field says whose towns it lists.
  const townHint =
    townCounty === null
      ? "Choose a county above: a town's rule prices that county's leads."
      : county.isError
        ? 'Failed to load the towns.'
        : county.data
          ? `Towns of ${county.data.name}.`
          : 'Loading towns...';

  const valueMeta = ruleType === 'global' ? null : VALUE_LABELS[ruleType];
  const countyOptions = [
    ...(platform ? [{ value: PLATFORM_DEFAULT, label: 'Platform default (every county)' }] : []),
    ...counties.map((c) => ({ value: String(c.id), label: c.name })),
  ];
  return (
    <form {...form.props} onChange={onChange} className="grid gap-4">
      {/* A rule (docs/decisions/0103-county-administrators.md) prices its county's leads; a platform default every county's. */}
      {countyOptions.length > 1 && (
        <Field id="rule-county" label="County" hint="Which county's leads this rule prices." error={errors.regionId}>
          <Choice
            placeholder={platform ? 'Platform default (every county)' : 'Select a county'}
            options={countyOptions}
            {...control('regionId', 'rule-county')}
          />
        </Field>
      )}
      <Field id="rule-type" label="Rule Type" hint={TYPE_HINTS[ruleType]} error={errors.ruleType}>
        <Choice placeholder="Select a rule type" options={TYPE_OPTIONS} {...control('ruleType', 'rule-type')} />
      </Field>
      {valueMeta && ruleType !== 'location' && (
        // A new type starts its list empty (keyed by the type); the saved value belongs to the saved type only.
        <Field key={ruleType} id="rule-value" label={valueMeta.label} error={errors.ruleValue}>
          <Choice
            placeholder={valueMeta.placeholder}
            options={valueOptions}
            {...control('ruleValue', 'rule-value')}
            defaultValue={ruleType === rule?.ruleType ? (rule.ruleValue ?? '') : ''}
          />
        </Field>
      )}
      {valueMeta && ruleType === 'location' && (
        // A town by id, of the county listed (keyed by it and by when its towns arrive, so the saved town shows once they do).
        <Field
          key={`location-${townCounty}-${county.data ? 'towns' : 'none'}`}
          id="rule-value"
          label={valueMeta.label}
          hint={townHint}
          error={errors.townId ?? errors.ruleValue}
        >
          <Choice
            placeholder={valueMeta.placeholder}
            options={valueOptions}
            {...control('townId', 'rule-value')}
            defaultValue={rule?.town && rule.regionId === townCounty ? String(rule.town.id) : ''}
          />
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="rule-price" label="Lead Price" hint="In dollars, e.g. 25.00" error={errors.leadPrice}>
          <div className="relative">
            <span
              className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
              aria-hidden="true"
            >
              $
            </span>
            <Input
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              placeholder="25.00"
              className="pl-7"
              {...control('leadPrice', 'rule-price')}
            />
          </div>
        </Field>
        <TextField
          form={form}
          name="priority"
          id="rule-priority"
          label="Priority"
          hint="Higher wins when rules overlap."
          type="number"
          inputMode="numeric"
          step="1"
          min="0"
        />
      </div>
      <div className="flex items-center justify-between gap-4 rounded-md border p-3">
        <div className="grid gap-1">
          <Label htmlFor="rule-active">Active</Label>
          <p className="text-xs text-muted-foreground">Inactive rules are kept but never used.</p>
        </div>
        <Switch id="rule-active" name="isActive" defaultChecked={rule?.isActive ?? true} />
      </div>
      <DialogFormActions
        pending={pending}
        onCancel={onDone}
        submit={rule ? 'Save Changes' : 'Create Rule'}
        sending="Saving..."
      />
    </form>
  );
}

/** Add (rule null) or edit a pricing rule. */
export function RuleDialog({
  open,
  onOpenChange,
  rule,
  contractors,
  counties = [],
  platform = true,
  workingCounty = null,
  newRuleCounty = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  rule: PricingRuleDto | null;
  contractors: { id: number; name: string }[];
} & Partial<CountyChoices>) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-[520px]"
      title={rule ? 'Edit Pricing Rule' : 'Add Pricing Rule'}
      description="The active rule with the highest priority that matches a lead sets its price."
    >
      <RuleFormBody
        key={rule?.id ?? 'new'}
        rule={rule}
        contractors={contractors}
        counties={counties}
        platform={platform}
        workingCounty={workingCounty}
        newRuleCounty={newRuleCounty}
        onDone={() => onOpenChange(false)}
      />
    </TitledDialog>
  );
}
