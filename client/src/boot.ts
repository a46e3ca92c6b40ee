import type { DehydratedState } from '@tanstack/react-query';
import type { PostedForm } from '@shared/forms';
import type { SiteConfig } from './app/config';

/** What the server embeds in each page for the browser: settings and the data it rendered with. */
export interface BootData {
  config: SiteConfig;
  queries: DehydratedState | null;
  /** Only on the answer to a form sent without JavaScript that the server refused. */
  postedForm?: PostedForm;
}

export const BOOT_ELEMENT_ID = '__BOOT__';

/** JSON for a <script type="application/json"> element; '<' escaped so the data cannot end the element. */
export function serializeBoot(data: BootData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
