import { errorId } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { NativeCheckbox } from '@/components/ui/native-select';
import { useRegion } from '@/lib/region';

/** The 15 canonical services as plain checkboxes named `services`: the form sends the ticked ones as a list. */
export function ServicesField({ ticked, labelledBy, error }: { ticked: readonly string[]; labelledBy: string; error?: string }) {
  const region = useRegion();
  const id = 'submit-services';
  return (
    <div className="grid gap-2">
      <div role="group" aria-labelledby={labelledBy} aria-describedby={error ? errorId(id) : undefined} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {region.services.map((s) => {
          const boxId = `${id}-${s.slug}`;
          return (
            <div key={s.slug} className="flex items-center gap-2">
              <NativeCheckbox id={boxId} name="services" value={s.name} defaultChecked={ticked.includes(s.name)} aria-invalid={error ? true : undefined} />
              <Label htmlFor={boxId} className="font-normal">
                {s.name}
              </Label>
            </div>
          );
        })}
      </div>
      {error && (
        <p id={errorId(id)} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
