import { useId, type ReactNode } from 'react';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  importMappingSchema,
  type ImportField,
  type ImportMapping,
} from '@shared/contractor-import';
import { describedBy, Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';

/** Which column of the file holds which field (docs/decisions/0130-contractor-import.md). */

const NOT_IN_FILE = 'Not in the file';
const REQUIRED: readonly ImportField[] = ['name', 'city'];

export const sameMapping = (a: ImportMapping, b: ImportMapping) => IMPORT_FIELDS.every((f) => a[f] === b[f]);

/** The mapping's refusals by field (a business name and a town are needed), as the server words them. */
export function mappingErrors(mapping: ImportMapping): Partial<Record<ImportField, string>> {
  const read = importMappingSchema.safeParse(mapping);
  if (read.success) return {};
  return Object.fromEntries(read.error.issues.map((i) => [String(i.path[0]), i.message]));
}

/** Which column each field is read from: a select per field, the file's headers or 'Not in the file'. */
export function MappingEditor({
  headers,
  mapping,
  onChange,
  errors,
  disabled,
  footer,
}: {
  headers: readonly string[];
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
  errors: Partial<Record<ImportField, string>>;
  disabled: boolean;
  footer: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-4 rounded-lg border p-4">
      <legend className="px-1 text-base font-semibold">Columns</legend>
      <p className="text-sm text-muted-foreground">
        Which column of the file holds each field. The business name and the city or town are needed.
      </p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {IMPORT_FIELDS.map((field) => {
          const selectId = `${id}-${field}`;
          const column = mapping[field];
          return (
            <Field
              key={field}
              id={selectId}
              label={REQUIRED.includes(field) ? `${IMPORT_FIELD_LABELS[field]} (needed)` : IMPORT_FIELD_LABELS[field]}
              error={errors[field]}
            >
              <NativeSelect
                id={selectId}
                value={column === null ? '' : String(column)}
                disabled={disabled}
                onChange={(e) =>
                  onChange({ ...mapping, [field]: e.target.value === '' ? null : Number(e.target.value) })
                }
                {...describedBy(selectId, errors[field])}
              >
                <option value="">{NOT_IN_FILE}</option>
                {headers.map((h, i) => (
                  <option key={i} value={String(i)}>
                    {h.trim() || `Column ${i + 1} (no header)`}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          );
        })}
      </div>
      {footer}
    </fieldset>
  );
}
