import type { BenchServer } from './bench-server';

/** Ids and slugs the visitor mix needs, read from the running app like a visitor would. */
export async function discoverTargets(server: BenchServer): Promise<{ contractorIds: number[]; blogSlugs: string[] }> {
  const page = (await (await fetch(`${server.url}/api/contractors?pageSize=48`)).json()) as {
    contractors: { id: number }[];
  };
  const posts = (await (await fetch(`${server.url}/api/blog`)).json()) as { slug: string }[];
  return { contractorIds: page.contractors.map((c) => c.id), blogSlugs: posts.map((p) => p.slug) };
}
