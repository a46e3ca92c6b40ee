import { createContext, useContext } from 'react';
import type { HeadTags } from './head';

/** Filled while a page renders on the server: its head tags and HTTP status. Null in the browser. */
export interface ServerRenderState {
  head: HeadTags | null;
  status: number;
}

export const ServerRenderContext = createContext<ServerRenderState | null>(null);

/** Sets the HTTP status of a server-rendered page (404 screens). No effect in the browser. */
export function useHttpStatus(status: number) {
  const server = useContext(ServerRenderContext);
  if (server) server.status = status;
}
