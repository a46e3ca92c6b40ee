import { forwardRef, type InputHTMLAttributes } from 'react';
import { EMAIL_MAX } from '@shared/contractor-auth';
import { Input } from './input';

/**
 * An account's email address: the email keyboard, no capital or spelling fix on phones, the
 * accounts' length limit. autoComplete 'email' unless given ('username' on sign-in forms).
 */
export const EmailInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>((props, ref) => (
  <Input
    ref={ref}
    type="email"
    autoComplete="email"
    autoCapitalize="none"
    spellCheck={false}
    maxLength={EMAIL_MAX}
    {...props}
  />
));
EmailInput.displayName = 'EmailInput';
