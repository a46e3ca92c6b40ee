// @ts-expect-error The build helpers are plain ES modules shared with npm start.
import { ensureBuild } from '../../scripts/ensure-build.mjs';

export async function ensureBuildFromTs(): Promise<void> {
  await (ensureBuild as () => Promise<void>)();
}
