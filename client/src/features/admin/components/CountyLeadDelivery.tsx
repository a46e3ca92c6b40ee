import { useState } from 'react';
import { countyLeadDeliverySchema, LEAD_DELIVERY_MODES } from '@shared/schemas/lead-routing';
import type { CountySummary } from '@shared/schemas/region';
import { NativeChoice, useProgressiveForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useSetCountyLeadDelivery } from '../counties-api';
import { LEAD_DELIVERY_LABELS, releaseAfterText } from '../labels';
import { RowForm } from './RowForm';

const MODE_OPTIONS = LEAD_DELIVERY_MODES.map((m) => ({ value: m, label: LEAD_DELIVERY_LABELS[m].name }));
const MODE_HINT = LEAD_DELIVERY_MODES.map(
  (m) => `${LEAD_DELIVERY_LABELS[m].name}: ${LEAD_DELIVERY_LABELS[m].about}`,
).join(' ');

/** The county's lead delivery and release hours, changed in its row; the server's field errors show at the fields. */
function LeadDeliveryForm({ county, onDone }: { county: CountySummary; onDone: () => void }) {
  const save = useSetCountyLeadDelivery();
  const form = useProgressiveForm({
    // Loaded with the module already (the modes list): an admin page, outside the public JavaScript budget.
    schema: () => Promise.resolve(countyLeadDeliverySchema),
    defaultValues: { leadDelivery: county.leadDelivery, releaseAfterHours: String(county.releaseAfterHours) },
    fallback: 'Failed to save the lead delivery. Please try again.',
    onValid: async (data) => {
      const saved = await save.mutateAsync({ id: county.id, ...data });
      toast({
        title: `Lead delivery of ${saved.name} saved`,
        description: `${LEAD_DELIVERY_LABELS[saved.leadDelivery].name}. ${releaseAfterText(saved.releaseAfterHours)}`,
      });
      onDone();
    },
  });
  const [mode, hours] = [`lead-delivery-${county.id}`, `release-after-${county.id}`];
  return (
    <RowForm form={form} label={`Lead delivery of ${county.name}`} save="Save Lead Delivery" onCancel={onDone}>
      <Field id={mode} label="Lead delivery" error={form.errors.leadDelivery} hint={MODE_HINT}>
        <NativeChoice
          placeholder="Choose how leads are delivered"
          options={MODE_OPTIONS}
          {...form.control('leadDelivery', mode)}
        />
      </Field>
      <Field
        id={hours}
        label="Release unpaid deliveries after (hours)"
        error={form.errors.releaseAfterHours}
        hint="From 1 to 720 hours; 48 is the usual."
      >
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={720}
          step={1}
          className="w-32"
          {...form.control('releaseAfterHours', hours)}
        />
      </Field>
    </RowForm>
  );
}

/**
 * How a county delivers its leads (docs/decisions/0117-lead-routing.md): the platform
 * administrator's Counties page shows it and, with `canChange`, changes it in place.
 */
export function CountyLeadDelivery({ county, canChange }: { county: CountySummary; canChange: boolean }) {
  const [editing, setEditing] = useState(false);
  if (editing) return <LeadDeliveryForm county={county} onDone={() => setEditing(false)} />;
  return (
    <div className="grid justify-items-start gap-1">
      <span className="font-medium">{LEAD_DELIVERY_LABELS[county.leadDelivery].name}</span>
      <span className="text-xs text-muted-foreground">{releaseAfterText(county.releaseAfterHours)}</span>
      {canChange && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => setEditing(true)}
          aria-label={`Change the lead delivery of ${county.name}`}
        >
          Change
        </Button>
      )}
    </div>
  );
}
