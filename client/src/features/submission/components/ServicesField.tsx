import { errorId, FieldError } from '@/components/ui/field';
import { CheckboxList } from '@/components/ui/checkbox-list';
import { useRegion } from '@/lib/region';

/** The 15 canonical services as plain checkboxes named `services`: the form sends the ticked ones as a list. */
export function ServicesField({
  ticked,
  labelledBy,
  error,
}: {
  ticked: readonly string[];
  labelledBy: string;
  error?: string;
}) {
  const region = useRegion();
  const id = 'submit-services';
  return (
    <div className="grid gap-2">
      <div
        role="group"
        aria-labelledby={labelledBy}
        aria-describedby={error ? errorId(id) : undefined}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      >
        <CheckboxList
          idPrefix={id}
          name="services"
          options={region.services.map((s) => ({ value: s.name, label: s.name, idPart: s.slug }))}
          ticked={ticked}
          invalid={Boolean(error)}
        />
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
