/**
 * What scripts/build.mjs writes beside the built server (dist/): the embedded database's image and
 * the sample photos' pack. Bundled aside by the build for the moment it runs.
 */
export { writeDataImage } from './data-image-build';
export { writeSamplePhotoPack } from './seed/sample-photos';
