import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '@/components/ui/use-toast';

/**
 * Signing out of the admin area or the contractor portal: 'Logged Out', the area's login page,
 * and an empty cache, so nothing of the session stays in memory. `area` ends the toast's
 * sentence ('You have been signed out of the admin area.').
 */
export function useSignOut({ logout, loginPath, area }: { logout: () => Promise<unknown>; loginPath: string; area: string }) {
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
