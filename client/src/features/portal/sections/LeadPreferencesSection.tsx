import { Bell, CalendarClock, CircleDollarSign, MapPinned } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { formatPrice } from '@shared/money';
import { leadPreferencesSchema, type LeadPreferencesDto } from '@shared/schemas/lead-preferences';
import { pausedLabel } from '@shared/paused-label';
import { useProgressiveForm } from '@/components/form';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorId, Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LabelledCheckbox } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { dayIn } from '@/lib/format';
import { useRegion } from '@/lib/region';
import { toastProblem } from '../components/form-toast';
import { CardHeading, SectionHeader } from '../components/parts';
import { useLeadPreferences, useSaveLeadPreferences } from '../lead-preferences-api';
import {
  leadPreferencesInputOf,
  PREFERENCE_LISTS,
  preferenceStart,
  type Scope,
  type Taking,
} from '../lead-preferences-form';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The day after `day` ('YYYY-MM-DD'): the first a pause may end on. */
function dayAfter(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
}

/** One choice of a radio group, drawn as a bordered row like the claim dialog's. */
function RadioRow({
  name,
  value,
  checked,
  onChange,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-10 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-secondary">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="h-4 w-4 accent-primary"
      />
      {children}
    </label>
  );
}

/** "All of my listing's ..." or a chosen few, as ticks kept in the form while hidden. */
function ScopeField<T extends string | number>({
  id,
  legend,
  scopeName,
  listName,
  allLabel,
  chosenLabel,
  options,
  start,
  startScope,
  error,
}: {
  id: string;
  legend: string;
  scopeName: string;
  listName: string;
  allLabel: string;
  chosenLabel: string;
  options: { value: T; label: string }[];
  start: T[] | null;
  startScope: Scope;
  error?: string;
}) {
  const [scope, setScope] = useState<Scope>(startScope);
  const ticked = new Set<T>(start ?? options.map((o) => o.value));
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId(id) : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <RadioRow name={scopeName} value="all" checked={scope === 'all'} onChange={() => setScope('all')}>
        {allLabel}
      </RadioRow>
      {options.length > 0 && (
        <RadioRow name={scopeName} value="chosen" checked={scope === 'chosen'} onChange={() => setScope('chosen')}>
          {chosenLabel}
        </RadioRow>
      )}
      <div
        hidden={scope === 'all'}
        role="group"
        aria-label={chosenLabel}
        className="grid gap-2 pl-1 pt-1 sm:grid-cols-2"
      >
        {options.map((o) => (
          <LabelledCheckbox
            key={o.value}
            id={`${id}-${o.value}`}
            label={o.label}
            name={listName}
            value={String(o.value)}
            defaultChecked={ticked.has(o.value)}
            aria-invalid={error ? true : undefined}
          />
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

function PreferencesForm({ dto }: { dto: LeadPreferencesDto }) {
  const save = useSaveLeadPreferences();
  const { timeZone } = useRegion();
  const today = dayIn(new Date(), timeZone);
  const start = preferenceStart(dto, today);
  const [taking, setTaking] = useState<Taking>(start.taking);
  const [pausedUntil, setPausedUntil] = useState(start.pausedUntil);
  const form = useProgressiveForm({
    // The module is here already for pausedLabel, and zod is in the portal's chunk: nothing to load later.
    schema: () => Promise.resolve(leadPreferencesSchema),
    toInput: leadPreferencesInputOf,
    lists: PREFERENCE_LISTS,
    defaultValues: { pausedUntil: start.pausedUntil, monthlyCap: start.monthlyCap, textPhone: start.textPhone },
    fallback: 'Your lead preferences could not be saved. Please try again.',
    onProblem: toastProblem('Preferences Not Saved'),
    onValid: async (preferences) => {
      await save.mutateAsync(preferences);
      toast({ title: 'Preferences Saved', description: 'New requests follow them from now on.' });
    },
  });
  const { errors, control, pending } = form;

  return (
    <form {...form.props} className="grid gap-6" aria-label="Lead preferences">
      <Card>
        <CardHeading
          icon={<CalendarClock className="h-5 w-5 text-primary" aria-hidden="true" />}
          title="Taking requests"
        />
        <fieldset className="grid gap-3 px-5 pb-5">
          <legend className="sr-only">Taking requests</legend>
          <RadioRow name="taking" value="on" checked={taking === 'on'} onChange={() => setTaking('on')}>
            Taking new requests
          </RadioRow>
          <RadioRow name="taking" value="paused" checked={taking === 'paused'} onChange={() => setTaking('paused')}>
            Paused until a date (winter, vacation, a full schedule)
          </RadioRow>
          <Field
            id="prefs-paused-until"
            label="Take requests again on"
            error={errors.pausedUntil}
            className="max-w-xs pl-1"
          >
            <Input
              type="date"
              min={dayAfter(today)}
              disabled={taking !== 'paused'}
              {...control('pausedUntil', 'prefs-paused-until')}
              onInput={(e) => setPausedUntil(e.currentTarget.value)}
            />
          </Field>
          {taking === 'paused' && (
            <div className="grid gap-1 text-sm" data-testid="paused-preview">
              {DATE.test(pausedUntil) && <p>{`Homeowners will see: “${pausedLabel(pausedUntil)}”.`}</p>}
              <p className="text-muted-foreground">
                Until then new requests are not delivered to you; the homeowner is offered other contractors. Your
                listing stays in search.
              </p>
            </div>
          )}
        </fieldset>
      </Card>

      <Card>
        <CardHeading
          icon={<MapPinned className="h-5 w-5 text-primary" aria-hidden="true" />}
          title="Services and towns"
        />
        <div className="grid gap-5 px-5 pb-5">
          <p className="text-sm text-muted-foreground">
            Requests for other services or towns are not sent to you automatically; the homeowner is offered other
            contractors. To add a service or town, edit your listing in Profile Settings.
          </p>
          <ScopeField
            id="prefs-services"
            legend="Services you take requests for"
            scopeName="servicesScope"
            listName="services"
            allLabel="All my listing's services"
            chosenLabel="Only these services"
            options={dto.serviceOptions.map((s) => ({ value: s.slug, label: s.name }))}
            start={dto.services}
            startScope={start.servicesScope}
            error={errors.services}
          />
          <ScopeField
            id="prefs-towns"
            legend="Towns you take requests from"
            scopeName="townsScope"
            listName="townIds"
            allLabel="All my listing's towns"
            chosenLabel="Only these towns"
            options={dto.townOptions.map((t) => ({ value: t.id, label: t.name }))}
            start={dto.townIds}
            startScope={start.townsScope}
            error={errors.townIds}
          />
        </div>
      </Card>

      <Card>
        <CardHeading
          icon={<CircleDollarSign className="h-5 w-5 text-primary" aria-hidden="true" />}
          title="Monthly spending cap"
        />
        <div className="grid gap-3 px-5 pb-5">
          <Field
            id="prefs-cap"
            label="Cap on card-paid leads per month, in dollars"
            error={errors.monthlyCap}
            hint="Leave it empty for no cap."
            className="max-w-xs"
          >
            <Input inputMode="decimal" autoComplete="off" maxLength={12} {...control('monthlyCap', 'prefs-cap')} />
          </Field>
          <p
            className="text-sm font-medium"
            data-testid="card-spend"
          >{`Card-paid leads this month: ${formatPrice(dto.cardSpendThisMonth)}`}</p>
          <p className="text-sm text-muted-foreground">
            Leads paid by card or awaiting payment count. Plan credits are used first and do not count. A lead that
            would take you past the cap is not delivered to you, and nothing is charged for it.
          </p>
        </div>
      </Card>

      <Card>
        <CardHeading icon={<Bell className="h-5 w-5 text-primary" aria-hidden="true" />} title="How you are told" />
        <div className="grid gap-4 px-5 pb-5">
          <p className="text-sm">Email: every lead, always.</p>
          <Field
            id="prefs-phone"
            label="Mobile number"
            error={errors.textPhone}
            hint="A US mobile number, e.g. 570-555-0123."
            className="max-w-xs"
          >
            <Input type="tel" autoComplete="tel" maxLength={30} {...control('textPhone', 'prefs-phone')} />
          </Field>
          <LabelledCheckbox
            id="prefs-text-opt-in"
            name="textOptIn"
            label="Also text me about each new lead"
            defaultChecked={start.textOptIn}
          />
          <p className="text-sm text-muted-foreground">
            A text gives the service, town, price and a link, never the homeowner's contact details. Reply STOP to any
            text to stop them.
          </p>
        </div>
      </Card>

      <Button type="submit" className="justify-self-start" disabled={pending}>
        {pending ? 'Saving...' : 'Save Preferences'}
      </Button>
    </form>
  );
}

/** What was saved, as a key: a save that the server stored differently (all boxes ticked is "all") draws the form afresh. */
const savedKey = (d: LeadPreferencesDto) =>
  JSON.stringify([d.pausedUntil, d.services, d.townIds, d.monthlyCap, d.textPhone, d.textOptIn]);

/** The portal's Lead preferences (docs/decisions/0117-lead-routing.md): the contractor's own business, saved without review. */
export function LeadPreferencesSection() {
  const preferences = useLeadPreferences();
  return (
    <div className="grid gap-6">
      <SectionHeader
        title="Lead preferences"
        description="Which requests reach you, how much you spend on them, and how you hear about them. Saved at once, with no review."
      />
      <QueryView query={preferences} what="your lead preferences">
        {(dto) => <PreferencesForm key={savedKey(dto)} dto={dto} />}
      </QueryView>
    </div>
  );
}
