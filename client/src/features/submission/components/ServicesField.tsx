import { region } from '@shared/region';
import { errorId } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { NativeCheckbox } from '@/components/ui/native-select';

/** The 15 canonical services as checkboxes; the value keeps the order they were ticked in. */
export function ServicesField({ value, onChange, labelledBy, error }: { value: string[]; onChange: (next: string[]) => void; labelledBy: string; error?: string }) {
  const id = 'submit-services';
  return (
    <div className="grid gap-2">
      <div role="group" aria-labelledby={labelledBy} aria-describedby={error ? errorId(id) : undefined} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {region.services.map((s) => {
          const boxId = `${id}-${s.slug}`;
          return (
            <div key={s.slug} className="flex items-center gap-2">
              <NativeCheckbox
                id={boxId}
                name="services"
                value={s.name}
                checked={value.includes(s.name)}
                onChange={(e) => onChange(e.target.checked ? [...value, s.name] : value.filter((n) => n !== s.name))}
              />
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
