import { ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { region } from '@shared/region';
import { Head } from '@/app/head';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { ApiError, messageOf } from '@/lib/api';
import { useAdminSession, useLogin } from './api';

interface LoginForm {
  username: string;
  password: string;
}

export default function LoginPage() {
  const session = useAdminSession();
  const login = useLogin();
  const [, navigate] = useLocation();
  const form = useForm<LoginForm>({ defaultValues: { username: '', password: '' } });
  const errors = form.formState.errors;

  // Already signed in: straight to the dashboard.
  useEffect(() => {
    if (session.state === 'authenticated') navigate('/admin', { replace: true });
  }, [session.state, navigate]);

  const onSubmit = form.handleSubmit((values) => {
    form.clearErrors();
    if (!values.username.trim() || !values.password) {
      toast({ title: 'Missing Information', description: 'Please enter both username and password', variant: 'destructive' });
      return;
    }
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: () => {
          toast({ title: 'Login Successful', description: 'Welcome to the admin dashboard.' });
          navigate('/admin', { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            for (const field of ['username', 'password'] as const) {
              const message = error.fieldErrors[field];
              if (message) form.setError(field, { message });
            }
          }
          form.setValue('password', '');
          toast({ title: 'Login Failed', description: messageOf(error, 'Invalid credentials'), variant: 'destructive' });
        },
      },
    );
  });

  const pending = login.isPending;
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
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              <Field id="admin-username" label="Username" error={errors.username?.message}>
                <Input
                  id="admin-username"
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  maxLength={100}
                  {...form.register('username')}
                  {...describedBy('admin-username', errors.username?.message)}
                />
              </Field>
              <Field id="admin-password" label="Password" error={errors.password?.message}>
                <Input
                  id="admin-password"
                  type="password"
                  autoComplete="current-password"
                  maxLength={200}
                  {...form.register('password')}
                  {...describedBy('admin-password', errors.password?.message)}
                />
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
