import { useState } from 'react';
import { NativeSelect } from '@/components/ui/native-select';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useHydrated } from '@/lib/use-hydrated';

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
 * A pick-one-from-a-list control. In the server's HTML (and without JavaScript) it is the
 * browser's own select, which posts with the form; once the page runs it becomes the Radix select,
 * whose hidden native select carries the same name, so the form reads it the same way.
 */
export function Choice({ id, name, placeholder, options, defaultValue = '', autoFocus, ...aria }: ChoiceProps) {
  const hydrated = useHydrated();
  const [value, setValue] = useState(defaultValue);
  if (!hydrated) {
    return (
      <NativeSelect id={id} name={name} defaultValue={defaultValue} autoFocus={autoFocus} {...aria}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    );
  }
  return (
    <Select name={name} value={value || undefined} onValueChange={setValue}>
      <SelectTrigger id={id} {...aria}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
