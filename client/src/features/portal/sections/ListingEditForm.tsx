import { useState } from 'react';
import { WEEKDAY_LABELS, WEEKDAYS } from '@shared/business-hours';
import { SUBMISSION_LIMITS } from '@shared/submission-defaults';
import {
  hoursControl,
  listingEditInputOf,
  type ListingOptions,
  type ListingValues,
} from '@shared/schemas/listing-changes';
import { useProgressiveForm } from '@/components/form';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorId, Field, FieldError } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LabelledCheckbox, NativeCheckbox, NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { toastProblem } from '@/components/ui/toast-problem';
import { CardHeading } from '../components/parts';
import { useListingOptions, useSubmitListing } from '../listing-api';
import { TextField } from '@/components/form/text-field';

/** The first message among a list's or the hours' fields ('businessHours.0.open'). */
const firstUnder = (errors: Record<string, string>, prefix: string) =>
  Object.entries(errors).find(([k]) => k === prefix || k.startsWith(`${prefix}.`))?.[1];

/**
 * Every county's towns as checkboxes named `serviceAreas`, one county shown at a time: the others'
 * stay in the form (hidden), so towns ticked in several counties are all sent.
 */
function ServiceAreasField({
  options,
  ticked,
  error,
}: {
  options: ListingOptions;
  ticked: ReadonlySet<number>;
  error?: string;
}) {
  const firstWithTown = options.counties.find((c) => c.towns.some((t) => ticked.has(t.id)))?.slug;
  const [county, setCounty] = useState(firstWithTown ?? options.counties[0]?.slug ?? '');
  const chosen = options.counties.flatMap((c) =>
    c.towns.filter((t) => ticked.has(t.id)).map((t) => `${t.label} (${c.name})`),
  );
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errorId('listing-areas') : undefined}>
      <legend className="text-sm font-medium">Service areas</legend>
      <p className="text-sm text-muted-foreground">{`Towns you work in, in any county. Saved now: ${chosen.join(', ') || 'none'}.`}</p>
      <div className="grid max-w-xs gap-1.5">
        <Label htmlFor="listing-county">County</Label>
        <NativeSelect id="listing-county" value={county} onChange={(e) => setCounty(e.target.value)}>
          {options.counties.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      {options.counties.map((c) => (
        <div
          key={c.slug}
          hidden={c.slug !== county}
          role="group"
          aria-label={`Towns of ${c.name}`}
          className="grid max-h-72 gap-2 overflow-y-auto sm:grid-cols-2 lg:grid-cols-3"
        >
          {c.towns.map((t) => (
            <LabelledCheckbox
              key={t.id}
              id={`listing-town-${t.id}`}
              label={t.label}
              name="serviceAreas"
              value={String(t.id)}
              defaultChecked={ticked.has(t.id)}
              aria-invalid={error ? true : undefined}
            />
          ))}
        </div>
      ))}
      <FieldError id="listing-areas" error={error} />
    </fieldset>
  );
}

/** One day's hours: the times are off while the day is marked closed (a closed day's times are not sent). */
function DayHours({
  day,
  start,
}: {
  day: (typeof WEEKDAYS)[number];
  start: ListingValues['businessHours'][number] | null;
}) {
  const [closed, setClosed] = useState(start === null);
  const label = WEEKDAY_LABELS[day];
  return (
    <div className="grid grid-cols-[3rem_1fr_1fr_auto] items-center gap-2" role="group" aria-label={label}>
      <span className="text-sm font-medium">{label}</span>
      <Input
        type="time"
        aria-label={`${label} opens`}
        name={hoursControl('open', day)}
        defaultValue={start?.open ?? '08:00'}
        disabled={closed}
      />
      <Input
        type="time"
        aria-label={`${label} closes`}
        name={hoursControl('close', day)}
        defaultValue={start?.close ?? '17:00'}
        disabled={closed}
      />
      <span className="flex items-center gap-1.5">
        <NativeCheckbox
          id={`listing-closed-${day}`}
          name={hoursControl('closed', day)}
          value="on"
          defaultChecked={closed}
          onChange={(e) => setClosed(e.currentTarget.checked)}
        />
        <Label htmlFor={`listing-closed-${day}`} className="font-normal">
          Closed
        </Label>
      </span>
    </div>
  );
}

function HoursField({ start, errors }: { start: ListingValues['businessHours']; errors: Record<string, string> }) {
  const error = firstUnder(errors, 'businessHours');
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId('listing-hours') : undefined}>
      <legend className="text-sm font-medium">Business hours</legend>
      {WEEKDAYS.map((day, i) => (
        <DayHours key={day} day={day} start={start[i] ?? null} />
      ))}
      <FieldError id="listing-hours" error={error} />
    </fieldset>
  );
}

function EditForm({ start, options, onDone }: { start: ListingValues; options: ListingOptions; onDone: () => void }) {
  const submit = useSubmitListing();
  const services = new Set(start.services.map((s) => s.slug));
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/listing-changes').then((m) => m.listingEditSchema),
    toInput: listingEditInputOf,
    lists: ['services', 'serviceAreas'],
    defaultValues: {
      description: start.description,
      phone: start.phone,
      website: start.website ?? '',
      yearsInBusiness: start.yearsInBusiness === null ? '' : String(start.yearsInBusiness),
    },
    fallback: 'Your changes could not be sent. Please try again.',
    onProblem: toastProblem('Changes Not Sent'),
    onValid: async (edit) => {
      await submit.mutateAsync(edit);
      toast({
        title: 'Sent for Review',
        description: 'Your listing keeps its current details until an administrator approves the changes.',
      });
      onDone();
    },
  });
  const { errors, control, pending } = form;
  return (
    <form {...form.props} className="grid gap-5 px-5 pb-5" aria-label="Edit your listing">
      <p className="text-sm text-muted-foreground">
        Changes are reviewed before homeowners see them. Your business name and license number are changed by the
        administrator only: contact us to change them.
      </p>
      <Field id="listing-description" label="Business description" error={errors.description}>
        <Textarea
          rows={6}
          maxLength={SUBMISSION_LIMITS.description}
          {...control('description', 'listing-description')}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          form={form}
          name="phone"
          id="listing-phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          maxLength={SUBMISSION_LIMITS.phone}
        />
        <TextField
          form={form}
          name="website"
          id="listing-website"
          label="Website (optional)"
          type="url"
          inputMode="url"
          autoComplete="url"
          maxLength={500}
        />
        <TextField
          form={form}
          name="yearsInBusiness"
          id="listing-years"
          label="Years in business"
          inputMode="numeric"
          maxLength={3}
        />
      </div>
      <fieldset className="grid gap-2" aria-describedby={errors.services ? errorId('listing-services') : undefined}>
        <legend className="text-sm font-medium">Services</legend>
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {options.services.map((s) => (
            <LabelledCheckbox
              key={s.slug}
              id={`listing-service-${s.slug}`}
              label={s.name}
              name="services"
              value={s.slug}
              defaultChecked={services.has(s.slug)}
              aria-invalid={errors.services ? true : undefined}
            />
          ))}
        </div>
        <FieldError id="listing-services" error={firstUnder(errors, 'services')} />
      </fieldset>
      <ServiceAreasField
        options={options}
        ticked={new Set(start.serviceAreas.map((t) => t.id))}
        error={firstUnder(errors, 'serviceAreas')}
      />
      <HoursField start={start.businessHours} errors={errors} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'Sending...' : 'Send for Review'}
        </Button>
        <Button type="button" variant="outline" disabled={pending} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Profile Settings' edit of the listing: starts from the change waiting for review, if any, else the listing as shown. */
export function ListingEditCard({ start, onDone }: { start: ListingValues; onDone: () => void }) {
  const options = useListingOptions(true);
  return (
    <Card data-testid="listing-edit">
      <CardHeading title="Edit your listing" />
      <QueryView query={options} what="the form">
        {(o) => <EditForm start={start} options={o} onDone={onDone} />}
      </QueryView>
    </Card>
  );
}
