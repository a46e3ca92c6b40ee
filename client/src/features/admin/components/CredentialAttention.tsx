import { ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { formatDay } from '@shared/credentials';
import type { CredentialAttention as Item } from '@shared/schemas/credentials';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { CardIconHeading } from '@/components/ui/card-icon-heading';
import { useCredentialAttention } from '../credentials-api';
import { QueryView } from '@/components/query-view';

const NAMES = { registration: 'Registration', insurance: 'Insurance' } as const;

function Items({ items, label, testId, expired }: { items: Item[]; label: string; testId: string; expired: boolean }) {
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">{label}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">None.</p>
      ) : (
        <ul className="grid gap-1.5" data-testid={testId}>
          {items.map((i) => (
            <li key={`${i.contractorId}-${i.credential}`} className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <Link
                href={`/admin/contractors/${i.contractorId}/credentials`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {i.name}
              </Link>
              <span>{`${NAMES[i.credential]} ${expired ? 'expired' : 'expires'} ${formatDay(i.expiresOn)}`}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The dashboard's credentials panel (docs/decisions/0033-credential-expiry.md): lapsed contractors, and what expires within 30 days. */
export function CredentialAttention() {
  const query = useCredentialAttention();
  return (
    <Card className="mt-6" data-testid="credential-attention">
      <CardHeader>
        <CardIconHeading icon={ShieldAlert}>Credentials</CardIconHeading>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <QueryView
          query={query}
          what="the credentials"
          placeholder={{ rows: 1, className: 'h-16 sm:col-span-2' }}
          frame={(state) => <div className="sm:col-span-2">{state}</div>}
        >
          {(data) => (
            <>
              <Items
                items={data.lapsed}
                label="Lapsed: no longer shown as verified"
                testId="lapsed-credentials"
                expired
              />
              <Items
                items={data.expiringSoon}
                label="Expiring within 30 days"
                testId="expiring-credentials"
                expired={false}
              />
            </>
          )}
        </QueryView>
      </CardContent>
    </Card>
  );
}
