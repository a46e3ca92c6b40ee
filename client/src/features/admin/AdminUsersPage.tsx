import { Users } from 'lucide-react';
import { useState } from 'react';
import { ADMIN_ROLE_LABELS, ADMIN_ROLES } from '@shared/admin-roles';
import type { AdminAccount, AdminCounty } from '@shared/schemas/admin-users';
import { NativeChoice, useProgressiveForm, type FormValuesRaw } from '@/components/form';
import { EmptyState } from '@/components/query-view';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { errorId, Field, FieldError } from '@/components/ui/field';
import { FormNotice } from '@/components/ui/form-notice';
import { CheckboxList } from '@/components/ui/checkbox-list';
import { toast } from '@/components/ui/use-toast';
import { plural } from '@/lib/format';
import {
  useAdminAccounts,
  useCreateAdmin,
  useResetAdminPassword,
  useResetAdminTwoFactor,
  useUpdateAdmin,
} from './admin-users-api';
import { useAdminSession } from './api';
import { AdminList } from './components/AdminList';
import { PageHeader } from './components/PageHeader';
import { RowForm } from './components/RowForm';
import { Td, Tr } from './components/table';
import { TextField } from '@/components/form/text-field';

/** The form's values as the schema takes them: counties are ids. */
const withCountyIds = (values: FormValuesRaw) => ({
  ...values,
  regionIds: ((values.regionIds as string[] | undefined) ?? []).map(Number),
});

const ROLE_OPTIONS = ADMIN_ROLES.map((r) => ({ value: r, label: ADMIN_ROLE_LABELS[r] }));

/** The counties as checkboxes named `regionIds`. */
function CountiesField({
  id,
  counties,
  ticked,
  error,
  legend,
}: {
  id: string;
  counties: readonly AdminCounty[];
  ticked: readonly number[];
  error?: string;
  legend: string;
}) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId(id) : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        <CheckboxList
          idPrefix={id}
          name="regionIds"
          options={counties.map((c) => ({ value: String(c.id), label: c.name, idPart: c.slug }))}
          ticked={ticked.map(String)}
          invalid={Boolean(error)}
        />
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

function CreateAdminForm({ counties }: { counties: readonly AdminCounty[] }) {
  const create = useCreateAdmin();
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/admin-users').then((m) => m.createAdminSchema),
    lists: ['regionIds'],
    toInput: withCountyIds,
    defaultValues: { role: 'county' },
    fallback: 'Failed to create the administrator. Please try again.',
    onValid: async (data) => {
      const account = await create.mutateAsync(data);
      form.reset();
      toast({
        title: `${account.username} created`,
        description:
          account.role === 'platform'
            ? 'A platform administrator: every county.'
            : `Counties: ${account.counties.map((c) => c.name).join(', ')}.`,
      });
    },
  });
  return (
    <Card className="mb-6">
      <CardContent className="p-5">
        <form {...form.props} className="grid gap-4" aria-label="Create an administrator">
          {form.problem && <FormNotice variant="destructive" title="Error" description={form.problem} />}
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <TextField form={form} name="username" id="admin-username" label="Username" autoComplete="off" />
            <TextField
              form={form}
              name="email"
              id="admin-email"
              label="Email (optional)"
              hint={EMAIL_HINT}
              type="email"
              autoComplete="off"
            />
            <TextField
              form={form}
              name="password"
              id="admin-password"
              label="Password"
              hint="At least 12 characters, not a common one."
              type="password"
              autoComplete="new-password"
            />
            <Field id="admin-role" label="Role" error={form.errors.role}>
              <NativeChoice
                placeholder="Choose a role"
                options={ROLE_OPTIONS}
                {...form.control('role', 'admin-role')}
              />
            </Field>
          </div>
          <CountiesField
            id="admin-counties"
            counties={counties}
            ticked={[]}
            error={form.errors.regionIds}
            legend="Counties (for a county administrator)"
          />
          <div>
            <Button type="submit" disabled={form.pending}>
              {form.pending ? 'Creating...' : 'Create Administrator'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

const EMAIL_HINT = "A county administrator gets its counties' notices and daily summary here.";

/** An account's email address, changed in place; left empty, it gets no mail. */
function EmailForm({ account, onDone }: { account: AdminAccount; onDone: () => void }) {
  const update = useUpdateAdmin();
  const id = `email-${account.id}`;
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/admin-users').then((m) => m.updateAdminSchema),
    defaultValues: { email: account.email ?? '' },
    fallback: 'Failed to save the email address. Please try again.',
    onValid: async (data) => {
      await update.mutateAsync({ id: account.id, ...data });
      toast({ title: `Email of ${account.username} saved` });
      onDone();
    },
  });
  return (
    <RowForm form={form} label={`Email of ${account.username}`} save="Save Email" onCancel={onDone}>
      <TextField
        form={form}
        name="email"
        id={id}
        label="Email"
        hint="Leave empty for no mail."
        type="email"
        autoComplete="off"
      />
    </RowForm>
  );
}

/** A county administrator's counties, changed in place. */
function AssignCountiesForm({
  account,
  counties,
  onDone,
}: {
  account: AdminAccount;
  counties: readonly AdminCounty[];
  onDone: () => void;
}) {
  const update = useUpdateAdmin();
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/admin-users').then((m) => m.updateAdminSchema),
    lists: ['regionIds'],
    toInput: withCountyIds,
    fallback: 'Failed to save the counties. Please try again.',
    onValid: async (data) => {
      await update.mutateAsync({ id: account.id, ...data });
      toast({ title: `Counties of ${account.username} saved` });
      onDone();
    },
  });
  return (
    <RowForm form={form} label={`Counties of ${account.username}`} save="Save Counties" onCancel={onDone}>
      <CountiesField
        id={`counties-${account.id}`}
        counties={counties}
        ticked={account.counties.map((c) => c.id)}
        error={form.errors.regionIds}
        legend="Counties"
      />
    </RowForm>
  );
}

/**
 * A new password for another account (docs/decisions/0109-admin-two-factor.md): its sessions end;
 * its two-factor sign-in stays ('Reset Two-Factor' is its own action).
 */
function ResetPasswordForm({ account, onDone }: { account: AdminAccount; onDone: () => void }) {
  const reset = useResetAdminPassword();
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/admin-two-factor').then((m) => m.resetAdminPasswordSchema),
    fallback: 'Failed to set the password. Please try again.',
    onValid: async ({ password }) => {
      await reset.mutateAsync({ id: account.id, password });
      toast({ title: `New password set for ${account.username}`, description: 'Its sessions have ended.' });
      onDone();
    },
  });
  const id = `reset-password-${account.id}`;
  return (
    <RowForm form={form} label={`New password for ${account.username}`} save="Set Password" onCancel={onDone}>
      <TextField
        form={form}
        name="password"
        id={id}
        label="New password"
        hint="At least 12 characters, not a common one."
        type="password"
        autoComplete="new-password"
      />
    </RowForm>
  );
}

function AccountRow({
  account,
  counties,
  own,
}: {
  account: AdminAccount;
  counties: readonly AdminCounty[];
  own: boolean;
}) {
  const update = useUpdateAdmin();
  const resetTwoFactor = useResetAdminTwoFactor();
  const [editing, setEditing] = useState(false);
  const [editingEmail, setEditingEmail] = useState(false);
  const [resetting, setResetting] = useState(false);
  const clearTwoFactor = () => {
    if (
      !window.confirm(
        `Remove ${account.username}'s authenticator app and recovery codes? Its sessions end, and it sets up two-factor sign-in again where that is required.`,
      )
    )
      return;
    resetTwoFactor.mutate(account.id, {
      onSuccess: (a) => toast({ title: `Two-factor sign-in of ${a.username} reset` }),
      onError: (e) =>
        toast({
          title: 'Not reset',
          description: e instanceof Error ? e.message : 'Please try again.',
          variant: 'destructive',
        }),
    });
  };
  const toggle = () =>
    update.mutate(
      { id: account.id, disabled: !account.disabled },
      {
        onSuccess: (a) => toast({ title: a.disabled ? `${a.username} disabled` : `${a.username} enabled` }),
        onError: (e) =>
          toast({
            title: 'Not changed',
            description: e instanceof Error ? e.message : 'Please try again.',
            variant: 'destructive',
          }),
      },
    );
  return (
    <Tr data-testid="admin-account-row">
      <Td className="font-medium">
        {account.username} {account.disabled && <Badge variant="secondary">Disabled</Badge>}{' '}
        {account.twoFactor && <Badge variant="outline">Two-factor</Badge>}
        {resetting && <ResetPasswordForm account={account} onDone={() => setResetting(false)} />}
      </Td>
      <Td label="Role">{ADMIN_ROLE_LABELS[account.role]}</Td>
      <Td label="Email">
        {editingEmail ? (
          <EmailForm account={account} onDone={() => setEditingEmail(false)} />
        ) : (
          (account.email ?? 'None')
        )}
      </Td>
      <Td label="Counties">
        {editing ? (
          <AssignCountiesForm account={account} counties={counties} onDone={() => setEditing(false)} />
        ) : account.role === 'platform' ? (
          'Every county'
        ) : (
          account.counties.map((c) => c.name).join(', ') || 'None'
        )}
      </Td>
      <Td label="Last sign-in">{account.lastLoginAt ? new Date(account.lastLoginAt).toLocaleString() : 'Never'}</Td>
      <Td label="Actions">
        <div className="flex flex-wrap gap-2">
          {!editingEmail && (
            <Button size="sm" variant="outline" onClick={() => setEditingEmail(true)}>
              Change Email
            </Button>
          )}
          {account.role === 'county' && !editing && (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              Assign Counties
            </Button>
          )}
          <Button size="sm" variant="outline" disabled={update.isPending} onClick={toggle}>
            {account.disabled ? 'Enable' : 'Disable'}
          </Button>
          {!own && !resetting && (
            <Button size="sm" variant="outline" onClick={() => setResetting(true)}>
              Reset Password
            </Button>
          )}
          {!own && account.twoFactor && (
            <Button size="sm" variant="outline" disabled={resetTwoFactor.isPending} onClick={clearTwoFactor}>
              Reset Two-Factor
            </Button>
          )}
        </div>
      </Td>
    </Tr>
  );
}

/** The platform administrator's accounts page (docs/decisions/0103-county-administrators.md); the server refuses it to county administrators. */
export default function AdminUsersPage() {
  const query = useAdminAccounts();
  const session = useAdminSession();
  const me = session.state === 'authenticated' ? session.username : null;
  const counties = query.data?.counties ?? [];
  return (
    <>
      <PageHeader
        title="Administrators"
        description="Platform administrators see every county and manage these accounts; county administrators see only their counties' leads, claims, reviews, pricing, outbox and the contractors serving their towns."
        path="/admin/users"
      />
      {query.data && <CreateAdminForm counties={counties} />}
      <AdminList
        query={query}
        what="administrators"
        label="Administrators"
        columns={[
          { name: 'Username' },
          { name: 'Role' },
          { name: 'Email' },
          { name: 'Counties' },
          { name: 'Last sign-in' },
          { name: 'Actions' },
        ]}
        items={(d) => d.accounts}
        itemKey={(a) => a.id}
        count={(d) => plural(d.accounts.length, 'administrator')}
        empty={
          <EmptyState icon={<Users className="h-8 w-8" aria-hidden="true" />}>
            <p>No administrators yet.</p>
          </EmptyState>
        }
        row={(a) => <AccountRow key={a.id} account={a} counties={counties} own={a.username === me} />}
      />
    </>
  );
}
