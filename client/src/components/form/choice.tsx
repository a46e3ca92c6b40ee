import { NativeSelect } from '@/components/ui/native-select';

export interface ChoiceProps {
  id: string;
  name: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  defaultValue?: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  autoFocus?: boolean;
}

/**
 * A pick-one-from-a-list control as the browser's own select: no JavaScript, the phone's own
 * picker, posted with the form. Public pages use it; dialogs and the admin area use `Choice`
 * (`./radix-choice`), which draws the Radix select once the page runs.
 */
export function NativeChoice({ placeholder, options, ...props }: ChoiceProps) {
  return (
    <NativeSelect {...props}>
      <option value="">{placeholder}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </NativeSelect>
  );
}
