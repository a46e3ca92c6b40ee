import { HONEYPOT_FIELD } from '@shared/forms';
import type { FormValuesRaw } from './engine';

/**
 * What the form would send as a web form, read from its controls: the same fields the server
 * reads from a form posted without JavaScript (server/http/form-body.ts). Lists are the names of
 * checkbox groups; files and the honeypot are not values.
 */
export function formValuesOf(form: HTMLFormElement, lists: readonly string[] = []): FormValuesRaw {
  const out: FormValuesRaw = Object.fromEntries(lists.map((name) => [name, [] as string[]]));
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== 'string' || name === HONEYPOT_FIELD) continue;
    if (lists.includes(name)) (out[name] as string[]).push(value);
    else out[name] = value;
  }
  return out;
}

/** The names of the form's own controls: where the server's field errors can be shown. */
export function fieldNamesOf(form: HTMLFormElement): string[] {
  return [...form.elements].map((el) => (el as HTMLInputElement).name).filter(Boolean);
}

/** The first control, in the order a person meets them, that is marked invalid or named by an error. */
export function firstInvalid(form: HTMLFormElement, errors: Record<string, string>): HTMLElement | null {
  for (const el of form.elements) {
    const control = el as HTMLInputElement;
    // A fieldset (a radio group marked invalid as a whole) is not where the focus goes; its radios are.
    if (
      control.tagName === 'FIELDSET' ||
      control.type === 'hidden' ||
      control.tabIndex < 0 ||
      control.closest('[aria-hidden="true"]')
    )
      continue;
    if (control.getAttribute('aria-invalid') === 'true' || (control.name && errors[control.name])) return control;
  }
  return null;
}
