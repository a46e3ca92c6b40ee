import { errorId, FieldError } from '@/components/ui/field';
import { LabelledCheckbox } from '@/components/ui/native-select';
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
        {region.services.map((s) => {
          const boxId = `${id}-${s.slug}`;
          return (
            <LabelledCheckbox
              key={s.slug}
              id={boxId}
              label={s.name}
              name="services"
              value={s.name}
              defaultChecked={ticked.includes(s.name)}
              aria-invalid={error ? true : undefined}
            />
          );
        })}
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
