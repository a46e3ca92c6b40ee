import { HONEYPOT_FIELD } from '@shared/forms';

/** The field people never see and bots fill (docs/decisions/0028-public-forms.md); its id is the form's. */
export function Honeypot({ form }: { form: string }) {
  return (
    <div className="hidden" aria-hidden="true">
      <label htmlFor={`${form}-company-fax`}>Company fax</label>
      <input id={`${form}-company-fax`} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** What the honeypot holds when the form is sent, to send along with the checked values. */
export const honeypotOf = (form: HTMLFormElement) => ({
  [HONEYPOT_FIELD]: String(new FormData(form).get(HONEYPOT_FIELD) ?? ''),
});
