import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

/** 'Sort By' of the search and browse filters; named `sort` for the form without JavaScript. */
export function SortSelect<S extends string>({
  id,
  value,
  labels,
  onChange,
}: {
  id: string;
  value: S;
  labels: Record<S, string>;
  onChange: (sort: S) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id} className="font-semibold">
        Sort By
      </Label>
      <NativeSelect id={id} name="sort" value={value} onChange={(e) => onChange(e.target.value as S)}>
        {(Object.keys(labels) as S[]).map((s) => (
          <option key={s} value={s}>
            {labels[s]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
