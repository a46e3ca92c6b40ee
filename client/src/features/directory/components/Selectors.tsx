import type { Region } from '@shared/region';
import { useRegion } from '@/lib/region';
import { NativeSelect } from '@/components/ui/native-select';

interface SelectorProps {
  id: string;
  /** The form field's name, so the form works without JavaScript. */
  name?: string;
  /** A slug, or '' for all. */
  value: string;
  onChange: (value: string) => void;
  /** What the empty choice reads ('Select a service...', 'All of Sullivan County', 'All locations'). */
  emptyLabel: string;
  className?: string;
}

function OptionSelect({
  id,
  name,
  value,
  onChange,
  emptyLabel,
  className,
  options,
  label,
}: SelectorProps & { options: { value: string; label: string }[]; label: string }) {
  return (
    <NativeSelect
      id={id}
      name={name}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className={className}
    >
      <option value="">{emptyLabel}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </NativeSelect>
  );
}

/** The home and search pages' service types (each maps onto canonical services, docs/decisions/0001-region-data.md). */
export function ServiceTypeSelect(props: SelectorProps) {
  const region = useRegion();
  return (
    <OptionSelect
      {...props}
      label="Service Type"
      options={region.homeSearchServices.map((o) => ({ value: o.value, label: o.label }))}
    />
  );
}

export function LocationSelect(props: SelectorProps) {
  const region = useRegion();
  return (
    <OptionSelect {...props} label="Location" options={region.towns.map((t) => ({ value: t.slug, label: t.label }))} />
  );
}

export function serviceTypeLabel(value: string, region: Region): string | null {
  return (
    region.homeSearchServices.find((o) => o.value === value)?.label ??
    region.services.find((s) => s.slug === value)?.name ??
    null
  );
}

export function locationLabel(slug: string, region: Region): string | null {
  return region.towns.find((t) => t.slug === slug)?.label ?? null;
}
