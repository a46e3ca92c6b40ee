// The portal feature as other features may use it.
export { invalidatePortal, profileKey } from './api';
export { SetupForm } from './components/SetupForm';
