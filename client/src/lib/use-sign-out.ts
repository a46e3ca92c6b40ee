import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';

/**
 * Signing out of the admin area or the contractor portal: 'Logged Out', the area's login page,
 * and an empty cache, so nothing of the session stays in memory. `area` ends the toast's
 * sentence ('You have been signed out of the admin area.').
 */
export function useSignOut({
  logout,
  loginPath,
  area,
}: {
  logout: () => Promise<unknown>;
  loginPath: string;
  area: string;
}) {
  const mutation = useMutation({ mutationFn: logout });
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const signOut = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Logged Out', description: `You have been signed out of ${area}.` });
        navigate(loginPath, { replace: true });
        queryClient.clear();
      },
      onError: () => toast({ title: 'Error', description: 'Failed to logout', variant: 'destructive' }),
    });
  return { signOut, pending: mutation.isPending };
}

/**
 * Any call of the admin area or the portal answering 401 means the session ended on the server:
 * the area's session query (`sessionKey`) is set to `signedOut`, and the area's guard sends the
 * visitor to its login page. The session query's own answers are left to it. Both arguments are
 * the area's constants.
 */
export function useSignedOutWatcher(sessionKey: QueryKey, signedOut: unknown) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const ended = (error: unknown) => error instanceof ApiError && error.status === 401;
    const mark = () => queryClient.setQueryData(sessionKey, signedOut);
    const offQueries = queryClient.getQueryCache().subscribe((e) => {
      if (
        e.type === 'updated' &&
        e.query.queryKey[0] !== sessionKey[0] &&
        ended(e.action.type === 'error' ? e.action.error : null)
      )
        mark();
    });
    const offMutations = queryClient.getMutationCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error' && ended(e.action.error)) mark();
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient, sessionKey, signedOut]);
}
