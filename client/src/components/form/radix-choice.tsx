import { useState } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useHydrated } from '@/lib/use-hydrated';
import { NativeChoice, type ChoiceProps } from './choice';

/**
 * A pick-one-from-a-list control drawn by Radix once the page runs (the browser's own select in
 * the server's HTML). The Radix select's hidden native select carries the same name, so the form
 * reads it as it reads any control. Imported from this file, not the form module's index, so
 * pages that use `NativeChoice` do not load Radix's select.
 */
export function Choice({ id, name, placeholder, options, defaultValue = '', autoFocus, ...aria }: ChoiceProps) {
  const hydrated = useHydrated();
  const [value, setValue] = useState(defaultValue);
  if (!hydrated) return <NativeChoice {...{ id, name, placeholder, options, defaultValue, autoFocus, ...aria }} />;
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
