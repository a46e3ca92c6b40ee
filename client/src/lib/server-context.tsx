import { createContext, useContext } from 'react';
import type { HeadTags } from './head-tags';

/**
 * Filled while a page renders on the server: its head tags and HTTP status. Null in the
 * browser. Components report through methods, never by writing to a value from context.
 */
export class ServerRenderState {
  head: HeadTags | null = null;
  status = 200;
  setHead(head: HeadTags) {
    this.head = head;
  }
  setStatus(status: number) {
    this.status = status;
  }
}

export const ServerRenderContext = createContext<ServerRenderState | null>(null);

/** Sets the HTTP status of a server-rendered page (404 screens). No effect in the browser. */
export function useHttpStatus(status: number) {
  useContext(ServerRenderContext)?.setStatus(status);
}
