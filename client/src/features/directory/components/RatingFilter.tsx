import { LabelledCheckbox } from '@/components/ui/native-select';
import { RATING_CHOICES } from '../rating';

/** Minimum rating checkboxes; a contractor passes when it meets any one of the checked minimums. Named `rating` for the form without JavaScript. */
export function RatingFilter({
  selected,
  onChange,
  idPrefix,
}: {
  selected: number[];
  onChange: (next: number[]) => void;
  idPrefix: string;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-semibold">Minimum Rating</legend>
      {RATING_CHOICES.map((r) => {
        const id = `${idPrefix}-rating-${r}`;
        return (
          <LabelledCheckbox
            key={r}
            id={id}
            label={`${r}+ Stars`}
            name="rating"
            value={r}
            checked={selected.includes(r)}
            onChange={(e) => onChange(e.target.checked ? [...selected, r] : selected.filter((x) => x !== r))}
          />
        );
      })}
    </fieldset>
  );
}
