import type { ContractorCredentials, CredentialFieldName } from '@shared/schemas/credentials';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useRegion } from '@/lib/region';

/**
 * The credential facts as form inputs, for the administrator's credentials page and the portal's
 * profile (docs/decisions/0031-credentials-stored.md). Inputs are uncontrolled, named as the API
 * names them; the form reads them with credentialValues and checks them with the shared schema.
 */

interface InputSpec {
  name: CredentialFieldName;
  label: string;
  type?: 'date';
  inputMode?: 'numeric';
  hint?: string;
}

/** The county's registration number form is its hint (formatMessage, from useRegion()). */
const registration = (formatMessage: string): InputSpec[] => [
  { name: 'licenseNumber', label: 'License Number', hint: `${formatMessage}.` },
  { name: 'registrationExpiresOn', label: 'Registration expires', type: 'date' },
];
const INSURANCE: InputSpec[] = [
  { name: 'insurer', label: 'Insurer' },
  { name: 'insurancePolicyNumber', label: 'Policy number' },
  {
    name: 'insuranceCoverageOccurrence',
    label: 'Coverage per occurrence ($)',
    inputMode: 'numeric',
    hint: 'e.g. 1,000,000',
  },
  { name: 'insuranceCoverageAggregate', label: 'Aggregate coverage ($)', inputMode: 'numeric', hint: 'e.g. 2,000,000' },
  { name: 'insuranceExpiresOn', label: 'Insurance expires', type: 'date' },
];
export const CREDENTIAL_INPUTS = [...registration(''), ...INSURANCE].map((s) => s.name);

const shown = (v: string | number | null) => (v === null ? '' : String(v));

function Inputs({
  specs,
  idPrefix,
  values,
  errors,
}: {
  specs: InputSpec[];
  idPrefix: string;
  values: ContractorCredentials;
  errors: Partial<Record<string, string>>;
}) {
  return specs.map((s) => {
    const id = `${idPrefix}-${s.name}`;
    return (
      <Field key={s.name} id={id} label={s.label} hint={s.hint} error={errors[s.name]}>
        <Input
          id={id}
          name={s.name}
          type={s.type ?? 'text'}
          inputMode={s.inputMode}
          maxLength={s.type ? undefined : 120}
          defaultValue={shown(values[s.name])}
          {...describedBy(id, errors[s.name])}
        />
      </Field>
    );
  });
}

/** The registration's inputs, then the insurance's, each under its heading. */
/** Plain named inputs of the one form (docs/decisions/0097-one-progressive-form.md): the form around them reads and checks them. */
export function CredentialInputs(props: {
  idPrefix: string;
  values: ContractorCredentials;
  errors: Partial<Record<string, string>>;
}) {
  const region = useRegion();
  return (
    <div className="grid gap-6">
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">Registration</legend>
        <Inputs specs={registration(region.credentials.registration.formatMessage)} {...props} />
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">Insurance</legend>
        <Inputs specs={INSURANCE} {...props} />
      </fieldset>
    </div>
  );
}

/** What the inputs hold, as the API takes it (strings; '' clears a fact). */
export function credentialValues(form: HTMLFormElement): Record<string, string> {
  const data = new FormData(form);
  return Object.fromEntries(CREDENTIAL_INPUTS.map((name) => [name, String(data.get(name) ?? '')]));
}
