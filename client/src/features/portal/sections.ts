import {
  CreditCard,
  Images,
  Inbox,
  LayoutDashboard,
  MessageSquareText,
  ShieldCheck,
  SlidersHorizontal,
  UserCog,
  type LucideIcon,
} from 'lucide-react';
import { PORTAL_PATH } from './api';

/** The portal's panels; the current one is `?section=` in the address, so it survives a reload. */
export const SECTIONS = [
  { id: 'dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { id: 'leads', label: 'My Leads', icon: Inbox },
  // Which requests reach the contractor, its cap and its text alerts (docs/decisions/0117-lead-routing.md).
  { id: 'lead-preferences', label: 'Lead preferences', icon: SlidersHorizontal },
  { id: 'reviews', label: 'Reviews', icon: MessageSquareText },
  { id: 'subscription', label: 'Subscription', icon: CreditCard },
  { id: 'profile', label: 'Profile Settings', icon: UserCog },
  // The logo and project photos (docs/decisions/0110-contractor-photos.md); a photo decision's email links here.
  { id: 'photos', label: 'Photos', icon: Images },
  { id: 'account', label: 'Sign-in & Security', icon: ShieldCheck },
] as const satisfies readonly { id: string; label: string; icon: LucideIcon }[];

export type SectionId = (typeof SECTIONS)[number]['id'];

export function readSection(search: URLSearchParams): SectionId {
  const value = search.get('section');
  return SECTIONS.find((s) => s.id === value)?.id ?? 'dashboard';
}

export const sectionHref = (id: SectionId) => `${PORTAL_PATH}?section=${id}`;

export const sectionLabel = (id: SectionId) => SECTIONS.find((s) => s.id === id)!.label;
