import { forwardRef, type InputHTMLAttributes } from 'react';
import { PASSWORD_MAX } from '@shared/contractor-auth';
import { Input } from './input';

/**
 * A password: the accounts' length limit unless given (an administrator's has its own constant),
 * autoComplete 'current-password' unless given ('new-password' where one is chosen).
 */
export const PasswordInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>((props, ref) => (
  <Input ref={ref} type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} {...props} />
));
PasswordInput.displayName = 'PasswordInput';
