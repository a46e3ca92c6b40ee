import { Controller, useForm, useWatch } from 'react-hook-form';
import { centsToDecimal, decimalToCents } from '@shared/money';
import { RULE_TYPES, type RuleType } from '@shared/pricing';
import { region } from '@shared/region';
import type { PricingRuleDto } from '@shared/schemas/pricing-rules';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { ApiError, messageOf } from '@/lib/api';
import { useCreateRule, useUpdateRule, type PricingRuleInput } from '../api';
import { RULE_TYPE_LABELS } from '../labels';

interface RuleForm {
  ruleType: RuleType;
  ruleValue: string;
  leadPrice: string;
  priority: string;
  isActive: boolean;
}

const FIELDS: (keyof RuleForm)[] = ['ruleType', 'ruleValue', 'leadPrice', 'priority', 'isActive'];

/** The spec's form defaults: a global rule, priority 0, active. */
const EMPTY: RuleForm = { ruleType: 'global', ruleValue: '', leadPrice: '', priority: '0', isActive: true };

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

function RuleFormBody({ rule, contractors, onDone }: { rule: PricingRuleDto | null; contractors: { id: number; name: string }[]; onDone: () => void }) {
  const form = useForm<RuleForm>({
    defaultValues: rule ? { ruleType: rule.ruleType, ruleValue: rule.ruleValue ?? '', leadPrice: rule.leadPrice, priority: String(rule.priority), isActive: rule.isActive } : EMPTY,
  });
  const create = useCreateRule();
  const update = useUpdateRule();
  const pending = create.isPending || update.isPending;
  const errors = form.formState.errors;
  const ruleType = useWatch({ control: form.control, name: 'ruleType' });

  // A contractor rule may name someone no longer approved; keep it choosable so editing does not lose it.
  const kept = rule?.ruleType === 'contractor' && rule.ruleValue && !contractors.some((c) => String(c.id) === rule.ruleValue) ? rule.ruleValue : null;
  const contractorOptions = kept ? [...contractors, { id: Number(kept), name: `Contractor #${kept}` }] : contractors;
  const valueOptions: { value: string; label: string }[] =
    ruleType === 'service'
      ? region.services.map((s) => ({ value: s.slug, label: s.name }))
      : ruleType === 'location'
        ? region.towns.map((t) => ({ value: t.slug, label: t.label }))
        : ruleType === 'contractor'
          ? contractorOptions.map((c) => ({ value: String(c.id), label: c.name }))
          : [];

  const onSubmit = form.handleSubmit((values) => {
    form.clearErrors();
    const cents = values.leadPrice.trim() ? decimalToCents(values.leadPrice) : null;
    if (cents === null || cents <= 0) {
      toast({ title: 'Invalid Price', description: 'Please enter a valid price', variant: 'destructive' });
      return;
    }
    const ruleValue = values.ruleType === 'global' ? null : values.ruleValue || null;
    if (values.ruleType !== 'global' && !ruleValue) {
      form.setError('ruleValue', { message: 'Choose what this rule applies to' });
      return;
    }
    const body: PricingRuleInput = { ruleType: values.ruleType, ruleValue, leadPrice: centsToDecimal(cents), priority: readPriority(values.priority), isActive: values.isActive };
    const onError = (error: Error, fallback: string) => {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if (FIELDS.includes(field as keyof RuleForm)) form.setError(field as keyof RuleForm, { message });
        }
      }
      toast({ title: 'Error', description: messageOf(error, fallback), variant: 'destructive' });
    };
    if (rule) {
      update.mutate(
        { id: rule.id, ...body },
        {
          onSuccess: () => {
            toast({ title: 'Pricing Rule Updated', description: 'The new price applies to leads from now on.' });
            onDone();
          },
          onError: (e) => onError(e, 'Failed to update pricing rule'),
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          toast({ title: 'Pricing Rule Created', description: 'The new price applies to leads from now on.' });
          onDone();
        },
        onError: (e) => onError(e, 'Failed to create pricing rule'),
      });
    }
  });

  const valueMeta = ruleType === 'global' ? null : VALUE_LABELS[ruleType];
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field id="rule-type" label="Rule Type" hint={TYPE_HINTS[ruleType]} error={errors.ruleType?.message}>
        <Controller
          control={form.control}
          name="ruleType"
          render={({ field }) => (
            <Select
              value={field.value}
              onValueChange={(v) => {
                field.onChange(v);
                form.setValue('ruleValue', '');
                form.clearErrors('ruleValue');
              }}
            >
              <SelectTrigger id="rule-type" onBlur={field.onBlur} {...describedBy('rule-type', errors.ruleType?.message)}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {RULE_TYPES.map((t) => (
                  <SelectItem key={t} value={t}>
                    {RULE_TYPE_LABELS[t]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </Field>
      {valueMeta && (
        <Field id="rule-value" label={valueMeta.label} error={errors.ruleValue?.message}>
          <Controller
            control={form.control}
            name="ruleValue"
            render={({ field }) => (
              <Select value={field.value || undefined} onValueChange={field.onChange}>
                <SelectTrigger id="rule-value" onBlur={field.onBlur} {...describedBy('rule-value', errors.ruleValue?.message)}>
                  <SelectValue placeholder={valueMeta.placeholder} />
                </SelectTrigger>
                <SelectContent>
                  {valueOptions.map((o) => (
                    <SelectItem key={o.value} value={o.value}>
                      {o.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="rule-price" label="Lead Price" hint="In dollars, e.g. 25.00" error={errors.leadPrice?.message}>
          <div className="relative">
            <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground" aria-hidden="true">
              $
            </span>
            <Input
              id="rule-price"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              placeholder="25.00"
              className="pl-7"
              {...form.register('leadPrice')}
              {...describedBy('rule-price', errors.leadPrice?.message)}
            />
          </div>
        </Field>
        <Field id="rule-priority" label="Priority" hint="Higher wins when rules overlap." error={errors.priority?.message}>
          <Input id="rule-priority" type="number" inputMode="numeric" step="1" min="0" {...form.register('priority')} {...describedBy('rule-priority', errors.priority?.message)} />
        </Field>
      </div>
      <div className="flex items-center justify-between gap-4 rounded-md border p-3">
        <div className="grid gap-1">
          <Label htmlFor="rule-active">Active</Label>
          <p className="text-xs text-muted-foreground">Inactive rules are kept but never used.</p>
        </div>
        <Controller control={form.control} name="isActive" render={({ field }) => <Switch id="rule-active" checked={field.value} onCheckedChange={field.onChange} />} />
      </div>
      <DialogFooter>
        <Button variant="outline" disabled={pending} onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : rule ? 'Save Changes' : 'Create Rule'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Add (rule null) or edit a pricing rule. */
export function RuleDialog({
  open,
  onOpenChange,
  rule,
  contractors,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  rule: PricingRuleDto | null;
  contractors: { id: number; name: string }[];
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-[520px]">
        <DialogHeader>
          <DialogTitle>{rule ? 'Edit Pricing Rule' : 'Add Pricing Rule'}</DialogTitle>
          <DialogDescription>The active rule with the highest priority that matches a lead sets its price.</DialogDescription>
        </DialogHeader>
        <RuleFormBody key={rule?.id ?? 'new'} rule={rule} contractors={contractors} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
