import { Bell, CalendarClock, CircleDollarSign, MapPinned, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { formatPrice } from '@shared/money';
import { leadPreferencesSchema, type LeadPreferencesDto } from '@shared/schemas/lead-preferences';
import { pausedLabel } from '@shared/paused-label';
import { useProgressiveForm } from '@/components/form';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorId, FieldError } from '@/components/ui/field';
import { LabelledCheckbox } from '@/components/ui/native-select';
import { RadioRow } from '@/components/ui/radio-row';
import { toast } from '@/components/ui/use-toast';
import { dayIn } from '@/lib/format';
import { cn } from '@/lib/cn';
import { useRegion } from '@/lib/region';
import { toastProblem } from '@/components/ui/toast-problem';
import { CardHeading, SectionHeader } from '../components/parts';
import { useLeadPreferences, useSaveLeadPreferences } from '../lead-preferences-api';
import {
  leadPreferencesInputOf,
  PREFERENCE_LISTS,
  preferenceStart,
  type Scope,
  type Taking,
} from '../lead-preferences-form';
import { TextField } from '@/components/form/text-field';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The day after `day` ('YYYY-MM-DD'): the first a pause may end on. */
function dayAfter(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
}

/** One card of the form, its fields under its heading; a card that is one set of choices is a fieldset named by it. */
function PreferenceCard({
  icon: Icon,
  title,
  gap,
  fieldset,
  children,
}: {
  icon: LucideIcon;
  title: string;
  gap: string;
  fieldset?: boolean;
  children: ReactNode;
}) {
  const body = cn('grid px-5 pb-5', gap);
  return (
    <Card>
      <CardHeading icon={<Icon className="h-5 w-5 text-primary" aria-hidden="true" />} title={title} />
      {fieldset ? (
        <fieldset className={body}>
          <legend className="sr-only">{title}</legend>
          {children}
        </fieldset>
      ) : (
        <div className={body}>{children}</div>
      )}
    </Card>
  );
}

type ScopeList = (typeof PREFERENCE_LISTS)[number];
type Option = { value: string | number; label: string };

/** The lists a contractor may narrow: what each is called, and its choices. */
const SCOPES: Record<
  ScopeList,
  { noun: 'services' | 'towns'; legend: string; options: (dto: LeadPreferencesDto) => Option[] }
> = {
  services: {
    noun: 'services',
    legend: 'Services you take requests for',
    options: (dto) => dto.serviceOptions.map((s) => ({ value: s.slug, label: s.name })),
  },
  townIds: {
    noun: 'towns',
    legend: 'Towns you take requests from',
    options: (dto) => dto.townOptions.map((t) => ({ value: t.id, label: t.name })),
  },
};

/** "All of my listing's ..." or a chosen few, as ticks kept in the form while hidden. */
function ScopeField({
  list,
  dto,
  startScope,
  error,
}: {
  list: ScopeList;
  dto: LeadPreferencesDto;
  startScope: Scope;
  error?: string;
}) {
  const { noun, legend } = SCOPES[list];
  const id = `prefs-${noun}`;
  const scopeName = `${noun}Scope`;
  const chosenLabel = `Only these ${noun}`;
  const options = SCOPES[list].options(dto);
  const [scope, setScope] = useState<Scope>(startScope);
  const ticked = new Set<string | number>(dto[list] ?? options.map((o) => o.value));
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId(id) : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <RadioRow name={scopeName} value="all" checked={scope === 'all'} onChange={() => setScope('all')}>
        {`All my listing's ${noun}`}
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
            name={list}
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
  const { errors, pending } = form;

  return (
    <form {...form.props} className="grid gap-6" aria-label="Lead preferences">
      <PreferenceCard icon={CalendarClock} title="Taking requests" gap="gap-3" fieldset>
        <RadioRow name="taking" value="on" checked={taking === 'on'} onChange={() => setTaking('on')}>
          Taking new requests
        </RadioRow>
        <RadioRow name="taking" value="paused" checked={taking === 'paused'} onChange={() => setTaking('paused')}>
          Paused until a date (winter, vacation, a full schedule)
        </RadioRow>
        <TextField
          form={form}
          name="pausedUntil"
          id="prefs-paused-until"
          label="Take requests again on"
          fieldClassName="max-w-xs pl-1"
          type="date"
          min={dayAfter(today)}
          disabled={taking !== 'paused'}
          onInput={(e) => setPausedUntil(e.currentTarget.value)}
        />
        {taking === 'paused' && (
          <div className="grid gap-1 text-sm" data-testid="paused-preview">
            {DATE.test(pausedUntil) && <p>{`Homeowners will see: “${pausedLabel(pausedUntil)}”.`}</p>}
            <p className="text-muted-foreground">
              Until then new requests are not delivered to you; the homeowner is offered other contractors. Your listing
              stays in search.
            </p>
          </div>
        )}
      </PreferenceCard>

      <PreferenceCard icon={MapPinned} title="Services and towns" gap="gap-5">
        <p className="text-sm text-muted-foreground">
          Requests for other services or towns are not sent to you automatically; the homeowner is offered other
          contractors. To add a service or town, edit your listing in Profile Settings.
        </p>
        <ScopeField list="services" dto={dto} startScope={start.servicesScope} error={errors.services} />
        <ScopeField list="townIds" dto={dto} startScope={start.townsScope} error={errors.townIds} />
      </PreferenceCard>

      <PreferenceCard icon={CircleDollarSign} title="Monthly spending cap" gap="gap-3">
        <TextField
          form={form}
          name="monthlyCap"
          id="prefs-cap"
          label="Cap on card-paid leads per month, in dollars"
          hint="Leave it empty for no cap."
          fieldClassName="max-w-xs"
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
        />
        <p
          className="text-sm font-medium"
          data-testid="card-spend"
        >{`Card-paid leads this month: ${formatPrice(dto.cardSpendThisMonth)}`}</p>
        <p className="text-sm text-muted-foreground">
          Leads paid by card or awaiting payment count. Plan credits are used first and do not count. A lead that would
          take you past the cap is not delivered to you, and nothing is charged for it.
        </p>
      </PreferenceCard>

      <PreferenceCard icon={Bell} title="How you are told" gap="gap-4">
        <p className="text-sm">Email: every lead, always.</p>
        <TextField
          form={form}
          name="textPhone"
          id="prefs-phone"
          label="Mobile number"
          hint="A US mobile number, e.g. 570-555-0123."
          fieldClassName="max-w-xs"
          type="tel"
          autoComplete="tel"
          maxLength={30}
        />
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
      </PreferenceCard>

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
