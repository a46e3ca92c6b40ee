import type { ReactNode } from 'react';
import { LabelledCheckbox } from './native-select';

export interface CheckboxOption {
  value: string;
  label: ReactNode;
  /** What follows the list's id in the box's own id (`${idPrefix}-${idPart}`); `value` when not given. */
  idPart?: string;
}

/**
 * A form's list of choices as checkboxes sharing `name`: the form sends the ticked ones as a list.
 * A refused list marks every box invalid; its message is the caller's, under the group.
 */
export function CheckboxList({
  idPrefix,
  name,
  options,
  ticked,
  invalid,
}: {
  idPrefix: string;
  name: string;
  options: readonly CheckboxOption[];
  ticked: readonly string[];
  invalid: boolean;
}) {
  return options.map((o) => (
    <LabelledCheckbox
      key={o.value}
      id={`${idPrefix}-${o.idPart ?? o.value}`}
      label={o.label}
      name={name}
      value={o.value}
      defaultChecked={ticked.includes(o.value)}
      aria-invalid={invalid ? true : undefined}
    />
  ));
}
