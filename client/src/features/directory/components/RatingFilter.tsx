import { NativeCheckbox } from '@/components/ui/native-select';
import { Label } from '@/components/ui/label';
import { RATING_CHOICES } from '../rating';

/** Minimum rating checkboxes; a contractor passes when it meets any one of the checked minimums. Named `rating` for the form without JavaScript. */
export function RatingFilter({ selected, onChange, idPrefix }: { selected: number[]; onChange: (next: number[]) => void; idPrefix: string }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-semibold">Minimum Rating</legend>
      {RATING_CHOICES.map((r) => {
        const id = `${idPrefix}-rating-${r}`;
        return (
          <div key={r} className="flex items-center gap-2">
            <NativeCheckbox id={id} name="rating" value={r} checked={selected.includes(r)} onChange={(e) => onChange(e.target.checked ? [...selected, r] : selected.filter((x) => x !== r))} />
            <Label htmlFor={id} className="font-normal">{`${r}+ Stars`}</Label>
          </div>
        );
      })}
    </fieldset>
  );
}
