import { ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { ADMIN_PASSWORD_MAX, ADMIN_USERNAME_MAX } from '@shared/schemas/admin';
import { Head } from '@/app/head';
import { useProgressiveForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useAdminSession, useLogin } from './api';
import { useRegion } from '@/app/region';

export default function LoginPage() {
  const region = useRegion();
  const session = useAdminSession();
  const login = useLogin();
  const [, navigate] = useLocation();
  // The one form (docs/decisions/0097-one-progressive-form.md); the page is client-only, so the form has no action of its own.
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/admin').then((m) => m.adminLoginSchema),
    fallback: 'Invalid credentials',
    onInvalid: (errors) => toast({ title: 'Missing Information', description: errors.username ?? errors.password, variant: 'destructive' }),
    onProblem: (message) => toast({ title: 'Login Failed', description: message, variant: 'destructive' }),
    onValid: async (values, el) => {
      try {
        await login.mutateAsync(values);
      } catch (error) {
        // A refused sign-in is tried again from an empty password.
        (el.elements.namedItem('password') as HTMLInputElement).value = '';
        throw error;
      }
      toast({ title: 'Login Successful', description: 'Welcome to the admin dashboard.' });
      navigate('/admin', { replace: true });
    },
  });
  const { errors, control } = form;

  // Already signed in: straight to the dashboard.
  useEffect(() => {
    if (session.state === 'authenticated') navigate('/admin', { replace: true });
  }, [session.state, navigate]);

  const pending = form.pending;
  return (
    <>
      <Head title={`Admin Login | ${region.siteTitle}`} description="Sign in to administer the contractor directory." path="/admin/login" robots="noindex, nofollow" />
      <div className="w-full max-w-sm">
        <Card>
          <CardHeader className="items-center text-center">
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-secondary">
              <ShieldCheck className="h-6 w-6 text-primary" aria-hidden="true" />
            </span>
            <h1 className="text-2xl font-bold">Admin Login</h1>
            <p className="text-sm text-muted-foreground">{`Sign in to manage ${region.siteTitle}.`}</p>
          </CardHeader>
          <CardContent>
            <form {...form.props} className="grid gap-4">
              <Field id="admin-username" label="Username" error={errors.username}>
                <Input autoComplete="username" autoCapitalize="none" spellCheck={false} maxLength={ADMIN_USERNAME_MAX} {...control('username', 'admin-username')} />
              </Field>
              <Field id="admin-password" label="Password" error={errors.password}>
                <Input type="password" autoComplete="current-password" maxLength={ADMIN_PASSWORD_MAX} {...control('password', 'admin-password')} />
              </Field>
              <Button type="submit" className="w-full" disabled={pending}>
                {pending ? 'Logging in...' : 'Login'}
              </Button>
            </form>
          </CardContent>
        </Card>
        <p className="mt-4 text-center text-sm text-muted-foreground">
          <Link href="/" className="hover:text-primary hover:underline">
            {`Back to ${region.siteTitle}`}
          </Link>
        </p>
      </div>
    </>
  );
}
